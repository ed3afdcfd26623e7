'use client';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import IconX from '~icons/lucide/x';
import { fillMessage as fill } from '../../domain/forms/fill-message';
import { filterOptions } from '../../domain/text-search';
import type { PickerOption, SkillPickerProps } from '../forms/skill-picker';

/**
 * The skill picker's enhanced version (components/forms/skill-picker.tsx renders the checkboxes it takes
 * over): what is chosen as removable chips and a text box that filters the rest (WAI-ARIA APG combobox with
 * a listbox popup); the form sends hidden inputs with the checkboxes' name. Controlled (`value` +
 * `onChange`, inside another island such as the calculator) or on its own (`initial`).
 */
export default function SkillPickerImpl(
  p: SkillPickerProps & { value?: string[]; onChange?: (ids: string[]) => void; inputRef?: (el: HTMLInputElement | null) => void },
) {
  const { id, options, labels } = p;
  const [own, setOwn] = useState<string[]>(p.initial ?? []);
  const picked = p.value ?? own;
  const set = (ids: string[]) => (p.onChange ? p.onChange(ids) : setOwn(ids));
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const shown = useMemo(() => filterOptions(options, text).filter((o) => !picked.includes(o.id)), [options, text, picked]);
  useEffect(() => {
    if (open && active >= 0) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const add = (o: PickerOption) => {
    set([...picked, o.id]);
    setText('');
    setActive(-1);
    // Closed after a pick, so the list never covers what follows; typing or Down opens it again.
    setOpen(false);
  };
  const remove = (skill: string) => {
    set(picked.filter((s) => s !== skill));
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = shown.length;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (n ? (a + 1) % n : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (n ? (a <= 0 ? n - 1 : a - 1) : -1));
    } else if (e.key === 'Enter') {
      // Enter adds the highlighted option and never submits the form from here.
      e.preventDefault();
      const o = shown[active] ?? (text ? shown[0] : undefined);
      if (open && o) add(o);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Backspace' && !text && picked.length) {
      set(picked.slice(0, -1));
    }
  };
  const listId = `${id}-listbox`;
  const expanded = open && shown.length > 0;
  return (
    <div className="skill-picker" data-enhanced="true">
      {picked.length > 0 && (
        <ul className="chips picked-chips">
          {picked.map((s) => (
            <li key={s} className="chip chip-removable">
              <span>{byId.get(s)?.label ?? s}</span>
              <button type="button" aria-label={fill(labels.remove, { item: byId.get(s)?.label ?? s })} onClick={() => remove(s)}>
                <IconX aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {p.name && picked.map((s) => <input key={s} type="hidden" name={p.name} value={s} />)}
      <div className="combo-box">
        <input
          id={id}
          ref={(el) => {
            inputRef.current = el;
            p.inputRef?.(el);
          }}
          disabled={p.max !== undefined && picked.length >= p.max}
          className="picker-input"
          type="text"
          role="combobox"
          aria-label={p.labelledBy ? undefined : labels.add}
          aria-labelledby={p.labelledBy}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && shown[active] ? `${id}-opt-${shown[active].id}` : undefined}
          aria-describedby={p.describedBy}
          aria-invalid={p.invalid || undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={labels.placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul id={listId} ref={listRef} role="listbox" aria-label={labels.add} className="combo-list" hidden={!expanded}>
          {shown.map((o, i) => (
            <li
              key={o.id}
              id={`${id}-opt-${o.id}`}
              role="option"
              aria-selected={i === active}
              // Keep the focus in the text box (its blur would close the list before the click).
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => active !== i && setActive(i)}
              onClick={() => add(o)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      </div>
      <p className="combo-empty" role="status">
        {open && text && shown.length === 0 ? labels.noResults : fill(labels.chosen, { n: picked.length })}
      </p>
    </div>
  );
}

/** Boxes ticked before the picker took over are kept (progressive enhancement loses nothing). */
export function capture(p: SkillPickerProps) {
  const grid = document.getElementById(`${p.id}-grid`);
  if (!grid) return {};
  return { initial: [...grid.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked')].map((b) => b.value) };
}
