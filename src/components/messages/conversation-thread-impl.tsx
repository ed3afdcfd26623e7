import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ThreadMarkup, type ThreadMessage, type ThreadProps } from './thread-markup';

// The conversation once JavaScript is there (decision 043): it sends through the JSON API without
// reloading, and while the tab is visible asks for new messages every ~10 s (polling, no socket to keep).
// Loaded as its own chunk by conversation-thread.tsx.
const POLL_MS = 10_000;

export default function ConversationThreadImpl(p: ThreadProps) {
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

  return (
    <ThreadMarkup p={p} s={{ messages, theirRead, canSend, text, error, busy, fresh }} onSubmit={(e) => void submit(e)} onText={setText} />
  );
}

/** What was typed in the server-rendered form before this chunk arrived is kept. */
export function capture(): Partial<ThreadProps> {
  const el = document.getElementById('message-body');
  return el instanceof HTMLTextAreaElement ? { draft: el.value } : {};
}
