import 'server-only';
import type { ReactNode } from 'react';
import type { T } from '../../i18n/translate';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import type { PageProps } from '../../server/render/page-types';
import { Textarea } from '../../components/forms/textarea';

// What the operators' section pages share (decision 074): the keyset cursor in the query, the pager, the
// reason field of every action.

/** A keyset cursor (an id) from the query's `param`, or null for the first page. */
export const cursorIn = (query: string, param = 'antes') => {
  const v = new URLSearchParams(query).get(param) ?? '';
  return /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;
};

/**
 * Newest / older links of a keyset list; `extra` keeps the rest of the query (a search). `children`: links
 * that are always there (back to the area), after the pages'.
 */
export function Pager({
  t,
  self,
  before,
  next,
  param = 'antes',
  extra = {},
  label,
  children,
}: {
  t: T;
  self: string;
  before: number | null;
  next: number | null;
  param?: string;
  extra?: Record<string, string>;
  /** The nav's accessible name (default "Páginas"). */
  label?: string;
  children?: ReactNode;
}) {
  const qs = (more: Record<string, string>) => {
    const s = new URLSearchParams({ ...extra, ...more }).toString();
    return s ? `${self}?${s}` : self;
  };
  if (before == null && next == null && !children) return null;
  return (
    <nav className="actions section-sm" aria-label={label ?? t('operatorSections.pages')}>
      {before != null && (
        <a href={qs({})} className="btn btn-ghost btn-md">
          {t('operators.audit.newest')}
        </a>
      )}
      {next != null && (
        <a href={qs({ [param]: String(next) })} className="btn btn-ghost btn-md" rel="next">
          {t('operators.audit.older')}
        </a>
      )}
      {children}
    </nav>
  );
}

/** A form with a required reason (at most 500 characters) and a submit button. */
export function ReasonForm({
  t,
  p,
  action,
  id,
  submit,
  children,
  testId,
}: {
  t: T;
  p: PageProps;
  action: string;
  id: string;
  submit: string;
  children?: ReactNode;
  testId?: string;
}) {
  const error = p.form?.errors.reason ?? null;
  return (
    <form method="post" action={action} className="form section-sm" noValidate data-testid={testId}>
      {children}
      <Row id={id} name="reason" label={t('operatorSections.reason')} error={error}>
        <Textarea
          id={id}
          name="reason"
          required
          maxLength={500}
          rows={2}
          defaultValue={p.form?.values.reason ?? ''}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy(id, false, !!error)}
        />
      </Row>
      <button type="submit" className="btn btn-primary btn-md">
        {submit}
      </button>
    </form>
  );
}

export { Summary };
