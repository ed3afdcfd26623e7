'use client';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { MessageText } from './message-text';

// The conversation's messages and its form. Rendered on the server (a plain post works without
// JavaScript); in the browser it sends through the JSON API without reloading, and while the tab is
// visible asks for new messages every ~10 s (decision 043: polling, no socket to keep).
export type ThreadMessage = { id: number; mine: boolean; body: string; createdAt: string };
export type ThreadProps = {
  conversationId: number;
  messages: ThreadMessage[];
  theirReadId: number;
  /** The form posts here without JavaScript. */
  action: string;
  lang: 'es' | 'en';
  canSend: boolean;
  /** What was typed before a failed post, and its error. */
  draft: string;
  error: string | null;
  labels: {
    list: string;
    you: string;
    other: string;
    seen: string;
    empty: string;
    label: string;
    hint: string;
    send: string;
    sending: string;
    failed: string;
    fresh: string;
  };
};

const POLL_MS = 10_000;

function time(iso: string, lang: 'es' | 'en') {
  return new Date(iso).toLocaleString(lang === 'es' ? 'es' : 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

export function ConversationThread(p: ThreadProps) {
  const [messages, setMessages] = useState(p.messages);
  const [theirRead, setTheirRead] = useState(p.theirReadId);
  const [canSend, setCanSend] = useState(p.canSend);
  const [text, setText] = useState(p.draft);
  const [error, setError] = useState(p.error);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState(false);
  const lastId = useRef(p.messages.at(-1)?.id ?? 0);
  const api = `/api/v3/conversations/${p.conversationId}`;
  const headers = { accept: 'application/json', lang: p.lang };

  const add = useCallback((more: ThreadMessage[]) => {
    const news = more.filter((m) => m.id > lastId.current);
    if (!news.length) return;
    lastId.current = news.at(-1)!.id;
    setMessages((ms) => [...ms, ...news]);
    if (news.some((m) => !m.mine)) setFresh(true);
  }, []);

  const poll = useCallback(async () => {
    try {
      const res = await fetch(`${api}/messages?after=${lastId.current}`, { headers, credentials: 'include' });
      if (!res.ok) return;
      const { result } = (await res.json()) as {
        result: { messages: ThreadMessage[]; theirReadId: number; blockedBy: string | null };
      };
      const before = lastId.current;
      add(result.messages);
      setTheirRead(result.theirReadId);
      setCanSend(result.blockedBy === null);
      if (lastId.current > before)
        await fetch(`${api}/read`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          credentials: 'include',
          body: JSON.stringify({ up_to: lastId.current }),
        });
    } catch {
      // Offline for a moment: the next round tries again.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, add]);

  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') void poll();
    }, POLL_MS);
    const onShow = () => document.visibilityState === 'visible' && void poll();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [poll]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await fetch(`${api}/messages`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ body: text }),
      });
      const data = (await res.json().catch(() => ({}))) as {
        success?: boolean;
        result?: ThreadMessage;
        message?: string;
        errors?: Record<string, string>;
      };
      if (res.ok && data.result) {
        setText('');
        setError(null);
        await poll();
        add([data.result]);
      } else setError(data.errors?.body ?? data.message ?? p.labels.failed);
    } catch {
      setError(p.labels.failed);
    } finally {
      setBusy(false);
    }
  }

  const lastMine = [...messages].reverse().find((m) => m.mine);
  return (
    <>
      {messages.length === 0 ? (
        <p className="notice">{p.labels.empty}</p>
      ) : (
        <ol className="message-list" aria-label={p.labels.list} data-testid="message-list">
          {messages.map((m) => (
            <li key={m.id} className={m.mine ? 'message message-mine' : 'message'} data-testid="message">
              <p className="message-meta">
                <span className="message-author">{m.mine ? p.labels.you : p.labels.other}</span>{' '}
                <time dateTime={m.createdAt} suppressHydrationWarning>
                  {time(m.createdAt, p.lang)}
                </time>
              </p>
              <p className="message-body">
                <MessageText text={m.body} />
              </p>
              {m === lastMine && m.id <= theirRead && (
                <p className="message-seen" data-testid="seen">
                  {p.labels.seen}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {fresh ? p.labels.fresh : ''}
      </p>
      {canSend && (
        <form method="post" action={p.action} className="message-form" id="message-form" onSubmit={submit}>
          <input type="hidden" name="intent" value="send" />
          <div className="field">
            <label htmlFor="message-body">{p.labels.label}</label>
            <textarea
              id="message-body"
              name="body"
              rows={4}
              required
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'message-body-hint message-body-error' : 'message-body-hint'}
            />
            <p className="field-hint" id="message-body-hint">
              {p.labels.hint}
            </p>
            {error && (
              <p className="field-error" id="message-body-error" data-field="body" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-md" disabled={busy} data-testid="send-message">
            {busy ? p.labels.sending : p.labels.send}
          </button>
        </form>
      )}
    </>
  );
}
