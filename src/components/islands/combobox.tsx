import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import IconChevronDown from '~icons/lucide/chevron-down';
import { exactOption, filterOptions } from '../../domain/text-search';

export type ComboOption = { id: string; label: string };

// A searchable choice (WAI-ARIA APG "combobox with listbox popup", list autocomplete with manual
// selection): typing filters the options (accents and case aside), Down/Up move through them, Enter picks,
// Escape closes (or clears when closed). The picked id is what the form sends; typed text that names no
// option leaves the value empty, and the form's validation marks it.
export function Combobox(p: {
  id: string;
  label: string;
  options: ComboOption[];
  value: string;
  onChange: (id: string) => void;
  placeholder: string;
  noResults: string;
  showOptions: string;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, options, value } = p;
  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const selected = options.find((o) => o.id === value);
  const [text, setText] = useState(selected?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  // Right after a pick the text is the option's label: then the whole list is offered again.
  const query = selected && text === selected.label ? '' : text;
  const shown = useMemo(() => filterOptions(options, query), [options, query]);
  const optionId = (o: ComboOption) => `${id}-opt-${o.id}`;

  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const pick = (o: ComboOption) => {
    p.onChange(o.id);
    setText(o.label);
    setOpen(false);
    setActive(-1);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const selectedIndex = () => shown.findIndex((o) => o.id === value);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open || e.altKey) openAt(e.altKey ? -1 : Math.max(0, selectedIndex()));
        else setActive((a) => (shown.length ? (a + 1) % shown.length : -1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openAt(selectedIndex() >= 0 ? selectedIndex() : shown.length - 1);
        else setActive((a) => (shown.length ? (a <= 0 ? shown.length - 1 : a - 1) : -1));
        break;
      case 'Enter':
        // With the list open Enter picks; closed, it submits the form as usual.
        if (open) {
          e.preventDefault();
          const o = shown[active];
          if (o) pick(o);
          else setOpen(false);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText('');
          p.onChange('');
        }
        break;
      default:
    }
  };

  const onInput = (v: string) => {
    setText(v);
    const exact = exactOption(options, v);
    p.onChange(exact?.id ?? '');
    const next = filterOptions(options, v);
    setOpen(true);
    setActive(next.length ? 0 : -1);
  };

  const onBlur = () => {
    setOpen(false);
    setActive(-1);
    // A typed name that matches an option counts as picking it; show it with its proper label.
    const exact = exactOption(options, text);
    if (exact) {
      setText(exact.label);
      if (exact.id !== value) p.onChange(exact.id);
    }
  };

  const describedBy = p.error ? `${id}-error` : undefined;
  const expanded = open && shown.length > 0;
  return (
    <div className="field combo">
      <label id={labelId} htmlFor={id}>
        {p.label}
      </label>
      <div className="combo-box">
        <input
          id={id}
          ref={p.inputRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && shown[active] ? optionId(shown[active]) : undefined}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={p.placeholder}
          value={text}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          onClick={() => (open ? setOpen(false) : openAt(Math.max(0, selectedIndex())))}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="combo-toggle"
          tabIndex={-1}
          aria-label={p.showOptions}
          aria-controls={listId}
          aria-expanded={expanded}
          // Keep the focus in the text box (its blur would close the list before the click).
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            (e.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus();
            if (open) setOpen(false);
            else openAt(Math.max(0, selectedIndex()));
          }}
        >
          <IconChevronDown aria-hidden />
        </button>
        <ul id={listId} ref={listRef} role="listbox" aria-labelledby={labelId} className="combo-list" hidden={!expanded}>
          {shown.map((o, i) => (
            <li
              key={o.id}
              id={optionId(o)}
              role="option"
              // APG: the option with the visual focus is the selected one; the current value gets a tick.
              aria-selected={i === active}
              data-picked={o.id === value || undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => active !== i && setActive(i)}
              onClick={() => pick(o)}
            >
              {o.label}
            </li>
          ))}
        </ul>
        <p className="combo-empty" role="status">
          {open && shown.length === 0 ? p.noResults : ''}
        </p>
      </div>
      {p.error && (
        <p className="field-error" id={`${id}-error`}>
          {p.error}
        </p>
      )}
    </div>
  );
}
