'use client';
import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';

// React puts a server-rendered <textarea> back to its default text when it hydrates it (an <input> it
// leaves alone): what someone typed before the page's script ran was lost. Seen in the browser tests: a
// reason typed right after a refused post was sent again as the refused text. So React is never told the
// default in the browser: it hydrates a field without one (which leaves a typed value alone), and the
// default is set on the element right after (a field nobody typed in shows it again before any paint).

/** A <textarea> that keeps what was typed into it before the page hydrated. */
export function Textarea({ defaultValue, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const text = String(defaultValue ?? '');
  useLayoutEffect(() => {
    if (ref.current) ref.current.defaultValue = text;
  }, [text]);
  return <textarea ref={ref} {...props} defaultValue={typeof document === 'undefined' ? text : undefined} />;
}
