import 'server-only';
import { DECISION_REASON_MAX, DECISION_REASON_MIN } from '../../domain/offer-moderation';
import type { MessageKey } from '../../i18n/translate';
import { href } from '../../routes';
import { Summary } from '../../components/forms/form-parts';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { NO_STORE, operatorOfPage } from './operator-access';
import { Pager } from './section-kit';
import { Textarea } from '../../components/forms/textarea';

// The moderation queue (decision 071): reported and flagged offers, and hidden ones, newest offer first, 25
// a page (keyset on the offer id); for each, its open reports' reasons and texts and its flags, and one
// form to hide, restore or remove it with a reason the company will read.
type Deps = Pick<AreaDeps, 'operators' | 'moderation'>;

const cursorOf = (query: string) => {
  const v = new URLSearchParams(query).get('antes') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;
};

export const operatorModerationPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const before = cursorOf(p.query);
    const { items, next } = await (await deps.moderation()).queue(before);
    const self = href('operatorModeration', locale);
    const done = new URLSearchParams(p.query).get('hecho');
    const failedOffer = p.form?.values.offer;
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('moderation.queue.heading')}</h1>
        <p className="muted">{t('moderation.queue.intro')}</p>
        {done && (
          <div className="alert alert-success section-gap" role="status" data-testid="moderation-done">
            {t('moderation.queue.done')}
          </div>
        )}
        <Summary state={p.form} />
        {items.length === 0 ? (
          <p className="notice section-sm" data-testid="moderation-empty">
            {t('moderation.queue.empty')}
          </p>
        ) : (
          <ol className="operator-queue section-sm" data-testid="moderation-queue">
            {items.map((o) => (
              <li key={o.id} className="card operator-queue-item" data-testid="moderation-item" data-offer={o.slug}>
                <h2 className="h3">
                  <a href={href('offer', locale, { slug: o.slug })}>{o.title}</a>
                </h2>
                <p className="muted">
                  {o.company_name} · {t('moderation.queue.status')}: <code>{o.status}</code>
                  {o.moderation && (
                    <>
                      {' '}
                      · <strong data-testid="moderation-state">{t(`moderation.states.${o.moderation}` as MessageKey)}</strong>
                    </>
                  )}
                </p>
                <p>{t('moderation.queue.counts', { reports: o.reports, flags: o.flags })}</p>
                {o.reasons.length > 0 && (
                  <ul className="operator-reasons">
                    {o.reasons.map((r) => (
                      <li key={r.reason}>
                        {t(`moderation.reasons.${r.reason}` as MessageKey)} × {r.count}
                      </li>
                    ))}
                  </ul>
                )}
                {o.texts.map((text, i) => (
                  <blockquote key={i} className="muted operator-report-text">
                    {text}
                  </blockquote>
                ))}
                {o.flagList.length > 0 && (
                  <ul className="operator-flags">
                    {o.flagList.map((f, i) => (
                      <li key={i}>
                        {t(`moderation.rules.${f.rule}` as MessageKey)} <span className="muted">({f.detail})</span>
                      </li>
                    ))}
                  </ul>
                )}
                {o.moderation_reason && (
                  <p className="muted">
                    {t('moderation.queue.decidedReason')}: {o.moderation_reason}
                  </p>
                )}
                <form method="post" action={self} className="form section-sm" noValidate>
                  <input type="hidden" name="offer" value={String(o.id)} />
                  <div className="field">
                    <label htmlFor={`reason-${o.id}`}>{t('moderation.queue.reason')}</label>
                    <Textarea
                      id={`reason-${o.id}`}
                      name="reason"
                      rows={2}
                      required
                      minLength={DECISION_REASON_MIN}
                      maxLength={DECISION_REASON_MAX}
                      defaultValue={failedOffer === String(o.id) ? (p.form?.values.reason ?? '') : ''}
                    />
                    <p className="field-hint">{t('moderation.queue.reasonHint')}</p>
                  </div>
                  <div className="actions">
                    {o.moderation !== 'hidden' && (
                      <button type="submit" name="intent" value="hide" className="btn btn-primary btn-md" data-testid="moderation-hide">
                        {t('moderation.queue.hide')}
                      </button>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value="restore"
                      className="btn btn-secondary btn-md"
                      data-testid="moderation-restore"
                    >
                      {t(o.moderation === 'hidden' ? 'moderation.queue.restore' : 'moderation.queue.dismiss')}
                    </button>
                    <button type="submit" name="intent" value="remove" className="btn btn-ghost btn-md" data-testid="moderation-remove">
                      {t('moderation.queue.remove')}
                    </button>
                  </div>
                </form>
              </li>
            ))}
          </ol>
        )}
        <Pager t={t} self={self} before={before} next={next} label={t('moderation.queue.heading')}>
          <a href={href('operator', locale)} className="btn btn-ghost btn-md">
            {t('operators.audit.back')}
          </a>
        </Pager>
      </div>,
      NO_STORE,
    );
  };
