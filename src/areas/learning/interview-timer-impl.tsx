'use client';
import { useEffect, useRef, useState } from 'react';

export type InterviewTimerProps = { deadline: string; formId: string; label: string; fallback: string };

// The attempt's countdown (its own chunk, loaded by interview-timer.tsx): shows the time left and, at
// zero, submits what was answered. The server keeps the real clock (answers after the deadline do not
// count); without JavaScript the page states the time.
export default function InterviewTimer({ deadline, formId, label, fallback }: InterviewTimerProps) {
  const end = new Date(deadline).getTime();
  const [left, setLeft] = useState<number | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    const tick = () => {
      const ms = Math.max(0, end - Date.now());
      setLeft(ms);
      if (ms === 0 && !sent.current) {
        sent.current = true;
        const form = document.getElementById(formId) as HTMLFormElement | null;
        form?.requestSubmit();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [end, formId]);
  if (left === null) return <p className="timer">{fallback}</p>;
  const s = Math.ceil(left / 1000);
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return (
    <p className={`timer${s <= 60 ? ' timer-low' : ''}`} role="timer" aria-label={label}>
      {`${label}: ${text}`}
    </p>
  );
}
