import type { FormEvent } from 'react';
import { Textarea } from '../forms/textarea';
import { MessageText } from './message-text';

// The conversation's messages and its form, as plain markup: what the server renders (the form posts without
// JavaScript) and what the enhanced island (conversation-thread-impl.tsx) renders with its live state.
/** `author`: a colleague's name on the company's side (decision 047); null or absent: "you" or the other party. */
export type ThreadMessage = { id: number; mine: boolean; body: string; createdAt: string; author?: string | null };
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

/** What the markup shows at a moment: the server's first state, or the island's live one. */
export type ThreadState = {
  messages: ThreadMessage[];
  theirRead: number;
  canSend: boolean;
  text: string;
  error: string | null;
  busy: boolean;
  fresh: boolean;
};

function time(iso: string, lang: 'es' | 'en') {
  return new Date(iso).toLocaleString(lang === 'es' ? 'es' : 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

export function ThreadMarkup({
  p,
  s,
  onSubmit,
  onText,
}: {
  p: ThreadProps;
  s: ThreadState;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  onText?: (text: string) => void;
}) {
  const { messages, theirRead, canSend, error, busy, fresh } = s;
  const lastMine = [...messages].reverse().find((m) => m.mine);
  const field = {
    id: 'message-body',
    name: 'body',
    rows: 4,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? 'message-body-hint message-body-error' : 'message-body-hint',
  } as const;
  return (
    <>
      {messages.length === 0 ? (
        <p className="notice">{p.labels.empty}</p>
      ) : (
        <ol className="message-list" aria-label={p.labels.list} data-testid="message-list">
          {messages.map((m) => (
            <li key={m.id} className={m.mine ? 'message message-mine' : 'message'} data-testid="message">
              <p className="message-meta">
                <span className="message-author">{m.mine ? (m.author ?? p.labels.you) : p.labels.other}</span>{' '}
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
        // data-live: the live version has taken over (it sends without reloading).
        <form
          method="post"
          action={p.action}
          className="message-form"
          id="message-form"
          onSubmit={onSubmit}
          data-live={onSubmit ? 'true' : undefined}
        >
          <input type="hidden" name="intent" value="send" />
          <div className="field">
            <label htmlFor="message-body">{p.labels.label}</label>
            {onText ? (
              <textarea {...field} value={s.text} onChange={(e) => onText(e.target.value)} />
            ) : (
              // Server-rendered, maybe prefilled after a refused post: what is typed before hydration stays, and
              // the live version reads it (its `capture`).
              <Textarea {...field} defaultValue={s.text} />
            )}
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
