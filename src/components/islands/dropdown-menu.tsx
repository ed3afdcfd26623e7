'use client';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

// A keyboard-operable menu button (docs/product-rules.md): opens below, hides 400 ms after the pointer leaves.
export type MenuItem = { id: string; label: string; icon?: ReactNode; checked?: boolean; href?: string };

const HIDE_DELAY_MS = 400;

export function DropdownMenu({
  label,
  button,
  items,
  onSelect,
  checkable = false,
}: {
  label: string;
  button: ReactNode;
  items: MenuItem[];
  onSelect?: (id: string) => void;
  checkable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const focusItem = (i: number) => {
    const n = items.length;
    itemRefs.current[((i % n) + n) % n]?.focus();
  };
  const close = (returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const onButtonKey = (e: KeyboardEvent) => {
    // Escape closes an open menu even before focus has moved into it.
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(items.length - 1));
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const i = itemRefs.current.findIndex((el) => el === document.activeElement);
    const to: Record<string, () => void> = {
      ArrowDown: () => focusItem(i + 1),
      ArrowUp: () => focusItem(i - 1),
      Home: () => focusItem(0),
      End: () => focusItem(items.length - 1),
      Escape: () => close(true),
    };
    const act = to[e.key];
    if (act) {
      e.preventDefault();
      act();
    } else if (e.key === 'Tab') close();
  };
  const choose = (id: string) => {
    onSelect?.(id);
    close(true);
  };

  return (
    <div
      className="dropdown"
      ref={rootRef}
      onMouseEnter={() => clearTimeout(hideTimer.current)}
      onMouseLeave={() => {
        clearTimeout(hideTimer.current);
        if (open) hideTimer.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && (
        <ul className="dropdown-menu" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <li role="none" key={item.id}>
              {item.href ? (
                <a
                  role="menuitem"
                  className="dropdown-item"
                  href={item.href}
                  tabIndex={-1}
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                >
                  {item.icon}
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role={checkable ? 'menuitemradio' : 'menuitem'}
                  aria-checked={checkable ? !!item.checked : undefined}
                  className="dropdown-item"
                  tabIndex={-1}
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                  onClick={() => choose(item.id)}
                >
                  {item.icon}
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
