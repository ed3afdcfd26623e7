import 'server-only';
import { Link } from 'waku';
import { parseId } from '../../domain/ids';
import { PageError } from '../../domain/page-error';
import { isPipelineStatus, PIPELINE, STAGES } from '../../domain/pipeline';
import { formatNumber } from '../../i18n/format';
import { translateIn } from '../../i18n/translate';
import { href } from '../../routes';
import { Summary } from '../../components/forms/form-parts';
import { ServiceError } from '../../server/errors';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { ApplicantCard, BULK_FORM, type Applicant } from './applicant-card';
import { KeysetPager } from './workspace-parts';

// /hire/site/oferta/{offer id} (decision 048): one offer's applicants in columns by stage. Below 1024 px the
// columns stack into a list (empty stages hidden); from 1024 px they sit side by side as a board. Cards
// carry a checkbox for the bulk move (its form is above the board, the boxes join it by their form
// attribute), and the bulk move asks for confirmation by rendering it from the first post's values.
// Applicants come 50 at a time, newest first, by keyset (decision 054): `cursor` is the page's, opaque; the
// forms post to the page they are on and come back to it; the columns' counts are of all applicants.
export const hireApplicantsPage =
  ({ hiring, messages }: Pick<AreaDeps, 'hiring' | 'messages'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const offerId = parseId(p.params.id);
    const q = new URLSearchParams(p.query);
    const cursor = q.get('cursor');
    let data;
    try {
      if (offerId === null) throw new ServiceError('not-found');
      data = await (await hiring()).applicants(p.viewer, offerId, cursor);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') throw new PageError(404, `Offer not found: ${String(p.params.id)}`);
      throw err;
    }
    const { offer, applicants, byStatus } = data;
    // Each applicant's conversation (decision 043), with what the company has not read yet.
    const threads = await (
      await messages()
    ).forApplications(
      p.viewer,
      applicants.map((a) => a.id),
    );
    const first = href('hireApplicants', locale, { id: String(offer.id) });
    // The page asked for, as long as its cursor is still good (a bad one showed the first page).
    const action = cursor && data.from > 1 ? `${first}?${new URLSearchParams({ cursor })}` : first;
    const next = data.next && `${first}?${new URLSearchParams({ cursor: data.next })}`;
    const paged = data.total > applicants.length;
    const byId = new Map(applicants.map((a) => [a.id, a]));
    const done = q.get('hecho');
    const changed = (q.get('cambiados') ?? '')
      .split(',')
      .map((id) => byId.get(Number(id))?.candidate.name)
      .filter(Boolean);
    const form = p.form;
    const target = form?.values?.intent === 'bulk-confirm' ? form.values.status : undefined;
    const confirming = isPipelineStatus(target) ? { status: target, items: form?.values?.items ?? '' } : null;
    const confirmItems = (confirming?.items ?? '')
      .split(',')
      .map((pair) => {
        const [id, from] = pair.split(':', 2);
        const a = byId.get(Number(id));
        return a && from ? { a, from } : null;
      })
      .filter((x): x is { a: Applicant; from: string } => x !== null);
    const others = Object.keys(byStatus).filter((s) => !isPipelineStatus(s));
    const columns: string[] = [...PIPELINE, ...others];
    return (
      <div className="container page tracker">
        <p>
          <Link to={href('hireSite', locale)}>{t('tracker.back')}</Link>
        </p>
        <h1>{t('tracker.applicantsTitle', { title: offer.title })}</h1>
        {data.total > 0 && (
          <p>
            {/* The export (decision 049): an API download, in the page's language. */}
            <a
              className="btn btn-outline-primary btn-md"
              href={`/api/v3/hire/offers/${offer.id}/applicants.csv?lang=${locale}`}
              download
              data-testid="applicants-csv"
            >
              {t('applying.csv.download')}
            </a>
          </p>
        )}
        {done && (
          <div className="alert alert-success" role="status" data-testid="tracker-notice">
            {done === 'bulk' ? t('tracker.bulk.done', { n: Number(q.get('movidos') ?? 0) || 0 }) : t('tracker.done.moved')}
          </div>
        )}
        {changed.length > 0 && (
          <div className="alert alert-error" role="alert" data-testid="tracker-changed">
            {t('tracker.bulk.changed', { names: changed.join(', ') })}
          </div>
        )}
        {form && !confirming && <Summary state={form} />}
        {confirming && (
          <section className="card section-sm confirm-panel" aria-labelledby="bulk-confirm-title" data-testid="bulk-confirm">
            <h2 id="bulk-confirm-title">
              {t('tracker.bulk.confirmTitle', { n: confirmItems.length, status: translateIn(t, 'application.status', confirming.status) })}
            </h2>
            <p className="muted">{t('tracker.bulk.confirmIntro')}</p>
            <ul>
              {confirmItems.map(({ a, from }) => (
                <li key={a.id}>
                  {a.candidate.name}{' '}
                  <span className="muted">({t('tracker.bulk.from', { status: translateIn(t, 'application.status', from) })})</span>
                </li>
              ))}
            </ul>
            <form method="post" action={action} className="inline-form">
              <input type="hidden" name="intent" value="bulk" />
              <input type="hidden" name="confirm" value="1" />
              <input type="hidden" name="status" value={confirming.status} />
              {confirmItems.map(({ a, from }) => (
                <input key={a.id} type="hidden" name="item" value={`${a.id}:${from}`} />
              ))}
              <button type="submit" className="btn btn-primary btn-md" data-testid="bulk-confirm-submit">
                {t('tracker.bulk.confirm')}
              </button>
              <Link className="btn btn-outline-secondary btn-md" to={action}>
                {t('tracker.bulk.cancel')}
              </Link>
            </form>
          </section>
        )}
        {applicants.length === 0 ? (
          <p className="notice">{t('hire.site.noApplicants')}</p>
        ) : (
          <>
            <form method="post" action={action} id={BULK_FORM} className="inline-form bulk-form">
              <input type="hidden" name="intent" value="bulk" />
              <label htmlFor="bulk-status">{t('tracker.bulk.to')}</label>
              <select id="bulk-status" name="status" defaultValue={STAGES[1]}>
                {STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t(`application.status.${s}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-primary btn-md" data-testid="bulk-submit">
                {t('tracker.bulk.submit')}
              </button>
            </form>
            {paged && (
              <p className="muted" data-testid="applicants-range">
                {t('tracker.showing', {
                  from: formatNumber(data.from, locale),
                  to: formatNumber(data.from + applicants.length - 1, locale),
                  total: formatNumber(data.total, locale),
                })}
              </p>
            )}
            <div className="board" role="region" aria-label={t('tracker.boardLabel')} tabIndex={0} data-testid="board">
              {columns.map((s) => {
                const here = applicants.filter((a) => a.status === s);
                // The stage's count is of every applicant; its cards, of this page's.
                const all = byStatus[s] ?? 0;
                return (
                  <section
                    key={s}
                    className={all ? 'board-column' : 'board-column board-column-empty'}
                    aria-labelledby={`col-${s}`}
                    data-testid="board-column"
                    data-status={s}
                  >
                    <h2 id={`col-${s}`} className="board-column-title">
                      {translateIn(t, 'application.status', s)} <span className="badge">{formatNumber(all, locale)}</span>
                    </h2>
                    {here.length === 0 ? (
                      <p className="muted">{all ? t('tracker.emptyHere') : t('tracker.empty')}</p>
                    ) : (
                      <ul className="applicant-list">
                        {here.map((a) => (
                          <ApplicantCard key={a.id} a={a} thread={threads.get(a.id)} action={action} locale={locale} t={t} />
                        ))}
                      </ul>
                    )}
                  </section>
                );
              })}
            </div>
            {paged && (
              <KeysetPager
                page={data}
                shown={applicants.length}
                first={first}
                next={next}
                label={t('tracker.pages')}
                locale={locale}
                t={t}
              />
            )}
          </>
        )}
      </div>
    );
  };
