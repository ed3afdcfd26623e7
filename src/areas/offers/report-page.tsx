import 'server-only';
import { href } from '../../routes';
import { Summary } from '../../components/forms/form-parts';
import { answer } from '../../server/render/page-answer';
import type { FormHandler } from '../../server/http/forms';
import { attempt, type RefusalOptions } from '../../server/http/form-outcome';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { ReportOfferForm } from './report-form';

// Reporting an offer (decision 071). The offer pages post here; a GET shows the same form on its own. The
// answer to a post (the confirmation, or the form with what is wrong) is private: never cached or indexed.
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };
const REFUSALS: RefusalOptions['summaries'] = { 'not-found': 'moderation.report.notOpen' };
const slugOf = (params: Record<string, unknown>) => (typeof params.slug === 'string' ? params.slug : '');

export const offerReportPage: Page = (p) => {
  const { t, locale } = p;
  const slug = slugOf(p.params);
  const back = (
    <p>
      <a href={href('offer', locale, { slug })}>{t('moderation.report.back')}</a>
    </p>
  );
  if (p.form?.values.sent === '1') {
    return answer(
      200,
      <div className="container page narrow">
        <h1>{t('moderation.report.thanksHeading')}</h1>
        <div className="alert alert-success section-gap" role="status" data-testid="report-sent">
          {t('moderation.report.thanks')}
        </div>
        {back}
      </div>,
      PRIVATE,
    );
  }
  return answer(
    200,
    <div className="container page narrow">
      <h1>{t('routes.offerReport.heading')}</h1>
      <p>{t('moderation.report.intro')}</p>
      <Summary state={p.form} />
      <ReportOfferForm slug={slug} locale={locale} t={t} form={p.form} />
      {back}
    </div>,
    PRIVATE,
  );
};

export function createReportAction({ moderation }: Pick<AreaDeps, 'moderation'>): FormHandler {
  return {
    maxBytes: 8192,
    async handle(input) {
      const values = { reason: (input.fields.reason ?? '').slice(0, 40), text: (input.fields.text ?? '').slice(0, 600) };
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        await (await moderation()).report(slugOf(input.params), input.viewer, values, { ip: input.ip });
        // The confirmation is the post's own answer (private), not a redirect to a page a cache could keep.
        return { ok: false, status: 200, message: input.t('moderation.report.thanks'), errors: {}, values: { sent: '1' } };
      });
    },
  };
}
