import type { FormEvent, Ref } from 'react';
import { inputAttributes, type FormSchema } from '../../domain/forms/rules';
import { specs } from '../../domain/forms/specs';
import type { AccountFormProps, FieldDef } from './account-form-types';

// The markup of an account form, with no state of its own: the server renders it as plain HTML (it posts
// without JavaScript), and the browser logic (account-form-impl) renders the same view with live state.
export type AccountFormViewProps = AccountFormProps & {
  values: Record<string, string>;
  errors: Record<string, string | null>;
  message: string | null;
  busy?: boolean;
  shown?: Record<string, boolean>;
  enhanced?: boolean;
  formRef?: Ref<HTMLFormElement>;
  summaryRef?: Ref<HTMLDivElement>;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  onChange?: (name: string, value: string) => void;
  onBlur?: (name: string) => void;
  onToggleShown?: (name: string) => void;
};

export function AccountFormView(p: AccountFormViewProps) {
  const { id, fields, values, errors, message, busy = false, shown = {} } = p;
  const listed = fields.map((f) => [f, errors[f.name]] as const).filter(([, m]) => m) as [FieldDef, string][];
  return (
    <form
      id={id}
      ref={p.formRef}
      className="form"
      method="post"
      action={p.action}
      noValidate
      onSubmit={p.onSubmit}
      aria-busy={busy || undefined}
      data-enhanced={p.enhanced || undefined}
    >
      {message && (
        <div className="form-summary" role="alert" tabIndex={-1} ref={p.summaryRef}>
          <p className="form-summary-title">{message}</p>
          {listed.length > 0 && (
            <ul>
              {listed.map(([f, m]) => (
                <li key={f.name}>
                  <a href={`#${id}-${f.name}`}>{`${f.label}: ${m}`}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fields.map((f) => {
        const err = errors[f.name] ?? null;
        const fid = `${id}-${f.name}`;
        const described = [f.hint ? `${fid}-hint` : '', err ? `${fid}-error` : ''].filter(Boolean).join(' ') || undefined;
        if (f.type === 'radio') {
          return (
            <fieldset key={f.name} className="field field-choice" aria-describedby={described}>
              <legend>{f.label}</legend>
              <div className="choices" id={fid}>
                {f.options!.map((o) => (
                  <label key={o.value} className="choice">
                    <input
                      type="radio"
                      name={f.name}
                      value={o.value}
                      {...(p.onChange
                        ? { checked: values[f.name] === o.value, onChange: () => p.onChange!(f.name, o.value) }
                        : { defaultChecked: values[f.name] === o.value })}
                    />
                    <span>{o.label}</span>
                  </label>
                ))}
              </div>
              {err && (
                <p className="field-error" id={`${fid}-error`}>
                  {err}
                </p>
              )}
            </fieldset>
          );
        }
        const isPassword = f.type === 'password';
        const rule = inputAttributes((specs[p.form] as FormSchema).shape[f.name]);
        return (
          <div key={f.name} className="field">
            <label htmlFor={fid}>{f.label}</label>
            <div className={isPassword ? 'input-with-action' : undefined}>
              <input
                id={fid}
                name={f.name}
                type={isPassword && shown[f.name] ? 'text' : f.type}
                autoComplete={f.autoComplete}
                inputMode={f.inputMode}
                {...(p.onChange
                  ? { value: values[f.name] ?? '', onChange: (e) => p.onChange!(f.name, e.target.value) }
                  : { defaultValue: values[f.name] ?? '' })}
                onBlur={p.onBlur ? () => p.onBlur!(f.name) : undefined}
                aria-invalid={err ? true : undefined}
                aria-describedby={described}
                required={rule.required === true}
                minLength={rule.minLength}
                maxLength={rule.maxLength}
              />
              {isPassword && p.onToggleShown && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-controls={fid}
                  aria-pressed={shown[f.name] === true}
                  onClick={() => p.onToggleShown!(f.name)}
                >
                  {shown[f.name] ? p.labels.hide : p.labels.show}
                </button>
              )}
            </div>
            {f.hint && (
              <p className="field-hint" id={`${fid}-hint`}>
                {f.hint}
              </p>
            )}
            {err && (
              <p className="field-error" id={`${fid}-error`}>
                {err}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn-primary btn-lg form-submit" disabled={busy}>
        {busy ? p.pending : p.submit}
      </button>
    </form>
  );
}

/** The view's props for a page render: what the failed post (if any) sent back, else the initial values. */
export function initialView(props: AccountFormProps): Pick<AccountFormViewProps, 'values' | 'errors' | 'message'> {
  const s = props.state;
  return {
    values: Object.fromEntries(props.fields.map((f) => [f.name, s?.values[f.name] ?? f.initial ?? ''])),
    errors: s?.errors ?? {},
    message: s?.message ?? null,
  };
}
