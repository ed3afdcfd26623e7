import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fillMessage } from '../../domain/forms/fill-message';
import { checkForm } from '../../domain/forms/rules';
import { specs } from '../../domain/forms/specs';
import type { FormReply } from '../../domain/forms/types';
import { createApiClient } from '../../client/api-client';
import { navigateTo } from '../../client/url-guard';
import type { AccountFormProps } from './account-form-types';
import { AccountFormView, initialView } from './account-form-view';

// The browser side of an account form (loaded lazily by the island): it validates a field once the user
// has left it (then as they type), shows field errors next to the field and a summary on top, keeps what
// was typed, disables the submit button while posting, and follows the server's redirect.
/** Before taking over: what the visitor typed into the server-rendered form, and where the focus was. */
export function capture({ id }: { id: string }) {
  const form = document.getElementById(id) as HTMLFormElement | null;
  const typed: Record<string, string> = {};
  if (form) for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v) typed[k] = v;
  const active = document.activeElement as HTMLInputElement | null;
  return { typed, focus: active && form?.contains(active) ? active.name || null : null };
}

export default function AccountFormImpl(props: AccountFormProps & { typed?: Record<string, string>; focus?: string | null }) {
  const { fields, form, labels, action } = props;
  const start = initialView(props);
  const [values, setValues] = useState<Record<string, string>>({ ...start.values, ...props.typed });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(props.state?.errors ?? {});
  const [message, setMessage] = useState<string | null>(start.message);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The visitor may have been typing in the server-rendered form: keep their place.
  useEffect(() => {
    if (props.focus) (formRef.current?.elements.namedItem(props.focus) as HTMLElement | null)?.focus?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const local = checkForm(specs[form], values);
  const localError = (name: string): string | null => {
    const e = local[name];
    return e ? fillMessage(labels.errors[e.key], e.params) : null;
  };
  const errors = Object.fromEntries(
    fields.map((f) => [f.name, (touched[f.name] ? localError(f.name) : null) ?? serverErrors[f.name] ?? null]),
  );

  const onChange = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest);
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const invalid = fields.some((f) => localError(f.name));
    setTouched(Object.fromEntries(fields.map((f) => [f.name, true])));
    if (invalid) {
      setMessage(labels.summaryTitle);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setBusy(true);
    // The browser API client (docs/product-rules.md): lang header, no retry of a write, no throw.
    const lang = document.documentElement.lang === 'en' ? 'en' : 'es';
    const res = await createApiClient({ base: '', lang }).form<FormReply>(action, values);
    if (!res.success) {
      setMessage(res.status === '' ? labels.network : res.message);
    } else if (res.result.ok) {
      // A full load: the new session (HttpOnly cookie) is read by the server on the next page.
      if (navigateTo(res.result.redirect)) return;
    } else {
      setServerErrors(res.result.errors);
      setTouched({});
      setMessage(res.result.message);
      requestAnimationFrame(() => summaryRef.current?.focus());
    }
    setBusy(false);
  }

  return (
    <AccountFormView
      {...props}
      values={values}
      errors={errors}
      message={message}
      busy={busy}
      shown={shown}
      enhanced
      formRef={formRef}
      summaryRef={summaryRef}
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={(name) => setTouched((t) => ({ ...t, [name]: true }))}
      onToggleShown={(name) => setShown((s) => ({ ...s, [name]: !s[name] }))}
    />
  );
}
