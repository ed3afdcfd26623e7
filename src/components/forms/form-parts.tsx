import type { ReactNode } from 'react';
import type { Labelled } from '../../domain/catalog';
import type { FormState } from '../../domain/forms/types';
import type { Locale } from '../../i18n/locales';

// Pieces of the server-rendered forms (plain posts that work without JavaScript): a labelled row with its
// hint and error, a select over catalogue values, and the summary of a failed post.
type Field = { name: string; label: string; hint?: string; error?: string | null; children: ReactNode; id: string };

export function Row({ name, label, hint, error, children, id }: Field) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} data-field={name}>
          {error}
        </p>
      )}
    </div>
  );
}

export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function Select({
  id,
  name,
  value,
  options,
  locale,
  empty,
  error,
  hint,
}: {
  id: string;
  name: string;
  value: string;
  options: readonly (Labelled | string)[];
  locale: Locale;
  empty?: string;
  error?: boolean;
  hint?: boolean;
}) {
  return (
    <select id={id} name={name} defaultValue={value} aria-invalid={error || undefined} aria-describedby={describedBy(id, !!hint, !!error)}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((o) =>
        typeof o === 'string' ? (
          <option key={o} value={o}>
            {o}
          </option>
        ) : (
          <option key={o.id} value={o.id}>
            {o.label[locale]}
          </option>
        ),
      )}
    </select>
  );
}

export function Summary({ state }: { state: FormState | null }) {
  if (!state) return null;
  return (
    <div className="form-summary" role="alert">
      <p className="form-summary-title">{state.message}</p>
      {Object.keys(state.errors).length > 0 && (
        <ul>
          {Object.entries(state.errors).map(([f, m]) => (
            <li key={f}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
