import { REPORT_REASONS, REPORT_TEXT_MAX } from '../../domain/offer-moderation';
import type { FormState } from '../../domain/forms/types';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import { describedBy, Row } from '../../components/forms/form-parts';
import { Textarea } from '../../components/forms/textarea';

// "Report this offer" (decision 071): a plain POST to the report route (no JavaScript needed), the same for
// every visitor so that the offer page stays one cached HTML; the route's page shows the result, privately.
export function ReportOfferForm({ slug, locale, t, form }: { slug: string; locale: Locale; t: T; form?: FormState | null }) {
  const reasonError = form?.errors.reason ?? null;
  const textError = form?.errors.text ?? null;
  return (
    <form
      method="post"
      action={href('offerReport', locale, { slug })}
      className="form report-offer"
      data-testid="report-offer-form"
      noValidate
    >
      <Row id="report-reason" name="reason" label={t('moderation.report.reason')} error={reasonError}>
        <select
          id="report-reason"
          name="reason"
          required
          defaultValue={form?.values.reason ?? ''}
          aria-invalid={!!reasonError || undefined}
          aria-describedby={describedBy('report-reason', false, !!reasonError)}
        >
          <option value="">{t('moderation.report.choose')}</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`moderation.reasons.${r}`)}
            </option>
          ))}
        </select>
      </Row>
      <Row
        id="report-text"
        name="text"
        label={t('moderation.report.text')}
        hint={t('moderation.report.textHint', { max: REPORT_TEXT_MAX })}
        error={textError}
      >
        <Textarea
          id="report-text"
          name="text"
          rows={3}
          maxLength={REPORT_TEXT_MAX}
          defaultValue={form?.values.text ?? ''}
          aria-invalid={!!textError || undefined}
          aria-describedby={describedBy('report-text', true, !!textError)}
        />
      </Row>
      <button type="submit" className="btn btn-secondary btn-md" data-testid="report-offer-submit">
        {t('moderation.report.submit')}
      </button>
    </form>
  );
}
