'use client';
import { useEffect, useRef, useState } from 'react';

export type InterviewTimerProps = {
  deadline: string;
  formId: string;
  label: string;
  fallback: string;
  total: number;
  /** Templates with {{n}}: "7 of 12 answered", the dialog's question. */
  answered: string;
  ask: string;
  submitAnyway: string;
  keepAnswering: string;
};

const fill = (template: string, n: number) => template.replace('{{n}}', String(n));
const answeredIn = (form: HTMLFormElement) =>
  new Set([...form.querySelectorAll<HTMLInputElement>('input[type=radio]:checked')].map((i) => i.name)).size;

// The attempt's bar (its own chunk, loaded by interview-timer.tsx): the time left, the count of answered
// questions as the person answers, and a dialog before submitting with questions left (decision 077). At zero
// the timer submits what was answered without asking. The server keeps the real clock (answers after the
// deadline do not count) and, without JavaScript, answers the confirmation step itself.
export default function InterviewTimer(props: InterviewTimerProps) {
  const { deadline, formId, label, fallback, total } = props;
  const end = new Date(deadline).getTime();
  const [left, setLeft] = useState<number | null>(null);
  const [answered, setAnswered] = useState(0);
  const [open, setOpen] = useState(0);
  const sent = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const form = () => document.getElementById(formId) as HTMLFormElement | null;
  // Submits without asking: the timer at zero, or "Submit anyway".
  const submitNow = () => {
    const f = form();
    if (!f) return;
    sent.current = true;
    const confirm = (f.elements.namedItem('confirm') as HTMLInputElement | null) ?? f.appendChild(document.createElement('input'));
    Object.assign(confirm, { type: 'hidden', name: 'confirm', value: '1' });
    f.requestSubmit();
  };
  useEffect(() => {
    const tick = () => {
      const ms = Math.max(0, end - Date.now());
      setLeft(ms);
      if (ms === 0 && !sent.current) submitNow();
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end, formId]);
  useEffect(() => {
    const f = form();
    if (!f) return;
    const count = () => setAnswered(answeredIn(f));
    const onSubmit = (e: SubmitEvent) => {
      const missing = total - answeredIn(f);
      if (sent.current || missing <= 0) return;
      e.preventDefault();
      setOpen(missing);
    };
    count();
    f.addEventListener('change', count);
    f.addEventListener('submit', onSubmit);
    return () => {
      f.removeEventListener('change', count);
      f.removeEventListener('submit', onSubmit);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, total]);
  useEffect(() => {
    if (open > 0 && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  const s = left === null ? null : Math.ceil(left / 1000);
  return (
    <>
      {s === null ? (
        <p className="timer">{fallback}</p>
      ) : (
        <p className={`timer${s <= 60 ? ' timer-low' : ''}`} role="timer" aria-label={label}>
          {`${label}: ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`}
        </p>
      )}
      <p className="answered" role="status" data-testid="answered">
        {fill(props.answered, answered)}
      </p>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="unanswered-ask" onClose={() => setOpen(0)}>
        <p id="unanswered-ask">{fill(props.ask, open)}</p>
        <div className="actions">
          <button type="button" className="btn btn-primary btn-md" onClick={submitNow}>
            {props.submitAnyway}
          </button>
          <button type="button" className="btn btn-outline-primary btn-md" autoFocus onClick={() => dialog.current?.close()}>
            {props.keepAnswering}
          </button>
        </div>
      </dialog>
    </>
  );
}
