import 'server-only';
import { PageError } from '../../domain/page-error';
import { formatDate } from '../../i18n/format';
import { href } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { NO_STORE, operatorOfPage } from './operator-access';
import { cursorIn, Pager, ReasonForm, Summary } from './section-kit';

// The operators' account section (decision 074): the search (a prefix of the email, or of the first name),
// and an account's page with its recent activity and the block / unblock form.
type Deps = Pick<AreaDeps, 'operators'>;

export const operatorAccountsPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const q = (new URLSearchParams(p.query).get('q') ?? '').slice(0, 254);
    const before = cursorIn(p.query);
    const { items, next } = await (await deps.operators()).accounts.search(q, before);
    const self = href('operatorAccounts', locale);
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('operatorSections.accounts.heading')}</h1>
        <p className="muted">{t('operatorSections.accounts.intro')}</p>
        <form method="get" action={self} className="form section-sm" role="search">
          <div className="field">
            <label htmlFor="account-q">{t('operatorSections.accounts.query')}</label>
            <input id="account-q" name="q" type="search" defaultValue={q} maxLength={254} minLength={2} />
          </div>
          <button type="submit" className="btn btn-primary btn-md">
            {t('operatorSections.accounts.search')}
          </button>
        </form>
        {q.trim().length >= 2 && items.length === 0 && <p className="notice section-sm">{t('operatorSections.accounts.none')}</p>}
        {items.length > 0 && (
          <ul className="operator-list section-sm" data-testid="account-results">
            {items.map((a) => (
              <li key={a.id}>
                <a href={href('operatorAccount', locale, { id: String(a.id) })}>{a.email}</a> · {`${a.name} ${a.last_name}`.trim()} ·{' '}
                {t(`operatorSections.accounts.type.${a.account_type}`)} · {t(`operatorSections.accounts.status.${a.user_status}`)}
              </li>
            ))}
          </ul>
        )}
        <Pager t={t} self={self} before={before} next={next} extra={{ q }} />
        <p className="section-sm">
          <a href={href('operator', locale)}>{t('operators.audit.back')}</a>
        </p>
      </div>,
      NO_STORE,
    );
  };

export const operatorAccountPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const a = await (await deps.operators()).accounts.account(Number(p.params.id));
    if (!a) throw new PageError(404, 'Not Found');
    const self = href('operatorAccount', locale, { id: String(a.id) });
    const blocked = a.user_status === 'suspended';
    const { activity } = a;
    return answer(
      200,
      <div className="container page operator-page" data-testid="operator-account">
        <h1>{a.email}</h1>
        <dl className="operator-facts">
          <dt>{t('operatorSections.accounts.name')}</dt>
          <dd>{`${a.name} ${a.last_name}`.trim()}</dd>
          <dt>{t('operatorSections.accounts.kind')}</dt>
          <dd>{t(`operatorSections.accounts.type.${a.account_type}`)}</dd>
          <dt>{t('operatorSections.accounts.state')}</dt>
          <dd data-testid="account-status">{t(`operatorSections.accounts.status.${a.user_status}`)}</dd>
          <dt>{t('operatorSections.accounts.since')}</dt>
          <dd>{formatDate(a.created_at, locale)}</dd>
          {a.company && (
            <>
              <dt>{t('operatorSections.accounts.company')}</dt>
              <dd>{a.company.name}</dd>
            </>
          )}
          {a.block && (
            <>
              <dt>{t('operatorSections.accounts.blockReason')}</dt>
              <dd>
                {a.block.reason} ({a.block.blocked_by}, {formatDate(a.block.blocked_at, locale)})
              </dd>
            </>
          )}
        </dl>
        <Summary state={p.form} />
        <ReasonForm
          t={t}
          p={p}
          action={self}
          id="account-reason"
          testId={blocked ? 'unblock-form' : 'block-form'}
          submit={t(blocked ? 'operatorSections.accounts.unblock' : 'operatorSections.accounts.block')}
        >
          <input type="hidden" name="intent" value={blocked ? 'unblock' : 'block'} />
        </ReasonForm>
        <h2 className="section-sm">{t('operatorSections.accounts.activity')}</h2>
        <h3>{t('operatorSections.accounts.sessions')}</h3>
        <ul className="operator-list">
          {activity.sessions.length === 0 && <li className="muted">{t('operatorSections.none')}</li>}
          {activity.sessions.map((d, i) => (
            <li key={i}>{formatDate(d, locale)}</li>
          ))}
        </ul>
        <h3>{t('operatorSections.accounts.applications')}</h3>
        <ul className="operator-list">
          {activity.applications.length === 0 && <li className="muted">{t('operatorSections.none')}</li>}
          {activity.applications.map((x) => (
            <li key={x.id}>
              {formatDate(x.created_at, locale)} · {x.title} · <code>{x.status}</code>
            </li>
          ))}
        </ul>
        <h3>{t('operatorSections.accounts.offers')}</h3>
        <ul className="operator-list">
          {activity.offers.length === 0 && <li className="muted">{t('operatorSections.none')}</li>}
          {activity.offers.map((o) => (
            <li key={o.id}>
              {o.published_at ? formatDate(o.published_at, locale) : '—'} · {o.title} · <code>{o.status}</code>
            </li>
          ))}
        </ul>
        <h3>{t('operatorSections.accounts.audit')}</h3>
        <ul className="operator-list">
          {activity.audit.length === 0 && <li className="muted">{t('operatorSections.none')}</li>}
          {activity.audit.map((e) => (
            <li key={e.id}>
              {formatDate(e.created_at, locale)} · {e.actor} · <code>{e.action}</code>
            </li>
          ))}
        </ul>
        <p className="section-sm">
          <a href={href('operatorAccounts', locale)}>{t('operatorSections.accounts.back')}</a>
        </p>
      </div>,
      NO_STORE,
    );
  };
