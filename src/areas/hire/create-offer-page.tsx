import 'server-only';
import { parseId } from '../../domain/ids';
import { OfferForm, OfferFormActions, type OfferFormValues } from './offer-form';
import { questionValues } from '../../domain/screening';
import { countries, englishLevels, roles, seniorities } from '../../domain/catalog';
import { messageGroups } from '../../i18n/translate';
import { MarketCheckBody, MARKET_MESSAGES } from './market-check-view';
import { MarketLive } from './market-live';
import { renderMarkdown } from '../../server/render/markdown';
import { offerFormValues, parseOfferInput } from '../../domain/offer-input';
import { getRequestContext } from '../../server/request-context';
import { answer } from '../../server/render/page-answer';
import type { HiringService } from '../../server/offers/hiring-service';
import type { AreaDeps } from '../route-module';
import { ServiceError } from '../../server/errors';
import type { Page, PageProps } from '../../server/render/page-types';

// The offer form (/hire/crear-oferta, decision 015) with its market check: what a company types is checked against
// the salary data as it types (preview), then saved as a draft or published. Thin: services do the rules.
const selfAction = (p: PageProps) => p.path + (p.query ? `?${p.query}` : '');
const asValues = (v: Record<string, string | string[]>): OfferFormValues =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? x.join(',') : String(x ?? '')]));

/** The market range, the verdict on the typed range and the matching profiles, for what the form holds; for a
 * company, kept live as the form changes (decision 088). */
async function MarketCheck({ p, values, hiring }: { p: PageProps; values: OfferFormValues; hiring: HiringService }) {
  const { t, locale } = p;
  const num = (s?: string) => (s && /^[\d.,\s]+$/.test(s) ? Number(s.replace(/[.,\s]/g, '')) : undefined);
  const market = await hiring.market({
    role: roles.some((r) => r.id === values.role) ? values.role : undefined,
    country: countries.some((c) => c.id === values.country) ? values.country : undefined,
    seniority: seniorities.some((s) => s.id === values.seniority) ? (values.seniority as 'junior' | 'mid' | 'senior') : undefined,
    english: englishLevels.some((e) => e.id === values.english) ? values.english : undefined,
    modality: values.modality || undefined,
    salaryMin: num(values.salary_min),
    salaryMax: num(values.salary_max),
    currency: values.currency || undefined,
    period: values.period === 'year' ? 'year' : 'month',
  });
  const body = <MarketCheckBody market={market} locale={locale} t={t} />;
  return (
    <section className="card market-check" aria-labelledby="market-title" data-testid="market-check">
      <h2 id="market-title" className="h3">
        {t('hire.market.title')}
      </h2>
      {p.session.type === 'hire' ? (
        <MarketLive props={{ locale, formId: 'offer-form', messages: messageGroups(locale, MARKET_MESSAGES) }}>{body}</MarketLive>
      ) : (
        body
      )}
    </section>
  );
}

export const hireCreateOfferPage =
  ({ hiring, screening }: Pick<AreaDeps, 'hiring' | 'screening'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const { session } = p;
    const ctx = getRequestContext();
    const state = p.form;
    const q = new URLSearchParams(p.query);
    const editParam = q.get('oferta');
    // Not an id at all ('abc', '1e400'): the same 404 as an unknown or another company's offer.
    const editId = editParam === null ? null : (parseId(editParam) ?? 0);
    const svc = await hiring();
    let values: OfferFormValues = {};
    let restored = false;
    let editing: { slug: string; state: string } | null = null;
    if (session.type === 'hire' && editId !== null) {
      try {
        const e = await svc.offerInput(p.viewer, editId);
        editing = { slug: e.slug, state: e.state };
        values = { ...asValues(offerFormValues(e.input)), ...questionValues(await (await screening()).questionsFor(p.viewer, e.id)) };
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        return answer(
          err.code === 'forbidden' ? 403 : 404,
          <div className="container page">
            <h1>{t('routes.hireCreateOffer.heading')}</h1>
            <p className="notice" role="alert">
              {t(err.code === 'forbidden' ? 'hire.error.forbidden' : 'api.notFound')}
            </p>
          </div>,
        );
      }
    } else if (ctx?.offerDraft) {
      const draft = await svc.draft(ctx.offerDraft);
      if (draft) {
        values = asValues(draft);
        restored = true;
      }
    }
    if (state) values = state.values;
    const preview = state?.values.intent === 'preview';
    const description = values.description ?? '';
    const parsedPreview = preview ? parseOfferInput(values) : null;
    return (
      <div className="container page">
        <h1>{editing ? t('hire.form.editHeading') : t('routes.hireCreateOffer.heading')}</h1>
        <p className="muted">{t('routes.hireCreateOffer.intro', { brand: p.brand })}</p>
        {session.type === 'anonymous' && (
          <p className="notice" role="note">
            {t('hire.form.anonymous')}
          </p>
        )}
        {session.type === 'match' && (
          <p className="notice" role="note">
            {t('hire.error.companiesOnly')}
          </p>
        )}
        {restored && (
          <div className="alert alert-success section-gap" role="status" data-testid="draft-restored">
            {t('hire.form.restored')}
          </div>
        )}
        <div className="offer-editor">
          <OfferForm
            action={selfAction(p)}
            values={values}
            errors={state?.errors ?? {}}
            message={state?.message || null}
            locale={locale}
            t={t}
          />
          <aside className="offer-side">
            <MarketCheck p={p} values={values} hiring={svc} />
            {preview && (
              <section className="card" aria-labelledby="preview-title" data-testid="offer-preview">
                <h2 id="preview-title" className="h3">
                  {t('hire.form.previewTitle')}
                </h2>
                <p className="h3">{values.title}</p>
                {/* Sanitised by construction (src/server/render/markdown.ts). */}
                <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(description) }} />
                {parsedPreview?.ok && <p className="alert alert-success">{t('hire.form.ready')}</p>}
              </section>
            )}
          </aside>
          <OfferFormActions t={t} editing={!!editing} />
        </div>
      </div>
    );
  };
