'use client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

// A tooltip placed on top, shown 200 ms after hover or focus (docs/product-rules.md), hidden on leave, blur or Escape.
const SHOW_DELAY_MS = 200;

export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(true), SHOW_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setShown(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <span
      className="tooltip-wrap"
      aria-describedby={shown ? id : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      {children}
      {shown && (
        <span role="tooltip" id={id} className="tooltip" data-placement="top">
          {text}
        </span>
      )}
    </span>
  );
}
