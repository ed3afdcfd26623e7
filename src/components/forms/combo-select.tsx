import type { T } from '../../i18n/translate';
import { Enhance } from '../islands/enhance';

export type ComboSelectLabels = { search: string; noResults: string; showOptions: string };
export type ComboSelectOption = { id: string; label: string; group?: string };
export type ComboSelectProps = {
  id: string;
  name: string;
  label: string;
  options: ComboSelectOption[];
  initial: string;
  /** The select's empty option ("Elige"). */
  empty: string;
  labels: ComboSelectLabels;
  error?: string;
};

// A long choice (a country, a role) as the same searchable combobox everywhere. The server renders a
// native <select>, which is what works without JavaScript; once it runs, the combobox takes over
// (combo-select-impl.tsx, its own chunk) with the value the select holds then.
export function ComboSelect(p: ComboSelectProps) {
  const { id, options } = p;
  const groups = [...new Set(options.map((o) => o.group).filter((g): g is string => !!g))];
  const list = (os: ComboSelectOption[]) =>
    os.map((o) => (
      <option key={o.id} value={o.id}>
        {o.label}
      </option>
    ));
  return (
    <Enhance kind="combo-select" props={p}>
      <div className="field">
        <label htmlFor={id}>{p.label}</label>
        <select
          id={id}
          name={p.name}
          defaultValue={p.initial}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${id}-error` : undefined}
        >
          <option value="">{p.empty}</option>
          {groups.length
            ? groups.map((g) => (
                <optgroup key={g} label={g}>
                  {list(options.filter((o) => o.group === g))}
                </optgroup>
              ))
            : list(options)}
        </select>
        {p.error && (
          <p className="field-error" id={`${id}-error`}>
            {p.error}
          </p>
        )}
      </div>
    </Enhance>
  );
}

/** The combobox's strings in the page's language. */
export const comboLabels = (t: T): ComboSelectLabels => ({
  search: t('calculator.search'),
  noResults: t('calculator.noResults'),
  showOptions: t('calculator.showOptions'),
});
