import type { ErrorKey } from '../../domain/forms/rules';
import type { FormName } from '../../domain/forms/specs';
import type { FormState } from '../../domain/forms/types';

// Props of a form island: plain data, strings already translated.
export type FieldDef = {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'radio';
  autoComplete?: string;
  /** Keyboard to offer on phones (amounts: 'numeric'). */
  inputMode?: 'numeric';
  hint?: string;
  options?: { value: string; label: string }[];
  /** Value before the user types (e.g. the account type from the query). */
  initial?: string;
};

export type AccountFormProps = {
  id: string;
  /** The URL the form posts to: the page itself, query included. */
  action: string;
  fields: FieldDef[];
  /** The form's schema (domain/forms/specs.ts), by name: the island checks with the same one as the server. */
  form: FormName;
  submit: string;
  pending: string;
  /** The failed post this page was re-rendered with (no JavaScript), if any. */
  state: FormState | null;
  labels: {
    errors: Record<ErrorKey, string>;
    show: string;
    hide: string;
    network: string;
    summaryTitle: string;
  };
};
