import 'server-only';
import { Link } from 'waku';
import { TEAM_ROLES } from '../../domain/team';
import { formatDate } from '../../i18n/format';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { ServiceError } from '../../server/errors';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// /hire/site/equipo (decision 047): the company's members and their roles, the pending invitations, the invite
// form, leaving the team and deleting the company. Every action is a plain post to this page (an `intent`
// field), PRG back with ?hecho=. Owners see the management forms; recruiters see the list and may leave.
const TEAM_DONE = ['invited', 'revoked', 'removed', 'role', 'left', 'deleted'] as const;

export const hireTeamPage =
  ({ team }: Pick<AreaDeps, 'team'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const self = href('hireTeam', locale);
    const done = new URLSearchParams(p.query).get('hecho');
    const notice = (TEAM_DONE as readonly string[]).includes(done ?? '') && (
      <div className="alert alert-success" role="status" data-testid="team-notice">
        {t(`team.done.${done as (typeof TEAM_DONE)[number]}`)}
      </div>
    );
    let data;
    try {
      data = await (await team()).team(p.viewer);
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code !== 'not-found') throw err;
      // A company account without a company (it left, was removed, or deleted the company).
      return (
        <div className="container page narrow">
          <h1>{t('routes.hireTeam.title')}</h1>
          {notice}
          <p className="notice section-sm" data-testid="team-no-company">
            {t('team.noCompany')}
          </p>
        </div>
      );
    }
    const { company, role, members, invitations } = data;
    const owner = role === 'owner';
    // The last owner cannot leave: say why instead of offering a button that can only be refused.
    const soleOwner = owner && members.filter((m) => m.role === 'owner').length === 1;
    const form = p.form;
    const intent = form?.values?.intent;
    const v = (name: string, fallback = '') => (intent === 'invite' || intent === 'delete' ? (form?.values?.[name] ?? fallback) : fallback);
    const err = (name: string) => form?.errors?.[name] ?? null;
    const date = (d: Date | null) => (d ? formatDate(d, locale) : '—');
    return (
      <div className="container page narrow team-page">
        <p>
          <Link to={href('hireSite', locale)}>{t('routes.hireSite.title')}</Link>
        </p>
        <h1>{t('routes.hireTeam.heading', { company: company.name })}</h1>
        <p className="muted">{t('routes.hireTeam.intro', { brand: p.brand })}</p>
        <p className="muted">{t('team.roles')}</p>
        {notice}
        <Summary state={form ?? null} />

        <section className="section-sm" aria-labelledby="team-members">
          <h2 id="team-members">{t('team.members.heading')}</h2>
          <ul className="inbox-list" data-testid="team-members">
            {members.map((m) => (
              <li key={m.id} className="card inbox-item" data-testid="team-member">
                <p>
                  <strong>{m.name}</strong> {m.me && <span className="muted">{t('team.members.you')}</span>}
                </p>
                <p className="muted team-email">{m.email}</p>
                <p>
                  {t(`team.role.${m.role}`)} · {t('team.members.since')} {date(m.since)}
                </p>
                {owner && !m.me && (
                  <div className="actions">
                    <form method="post" action={self}>
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="member" value={m.id} />
                      <input type="hidden" name="role" value={m.role === 'owner' ? 'recruiter' : 'owner'} />
                      <button
                        type="submit"
                        className="btn btn-outline-primary btn-md"
                        aria-label={t('team.members.roleNamed', { name: m.name })}
                      >
                        {t(m.role === 'owner' ? 'team.members.makeRecruiter' : 'team.members.makeOwner')}
                      </button>
                    </form>
                    <form method="post" action={self}>
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="member" value={m.id} />
                      <button
                        type="submit"
                        className="btn btn-outline-secondary btn-md"
                        aria-label={t('team.members.removeNamed', { name: m.name })}
                        data-testid="team-remove"
                      >
                        {t('team.members.remove')}
                      </button>
                    </form>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>

        {owner ? (
          <>
            <section className="section" aria-labelledby="team-invitations">
              <h2 id="team-invitations">{t('team.invitations.heading')}</h2>
              {invitations.length === 0 ? (
                <p className="muted">{t('team.invitations.none')}</p>
              ) : (
                <ul className="inbox-list" data-testid="team-invitations">
                  {invitations.map((i) => (
                    <li key={i.id} className="card inbox-item" data-testid="team-invitation">
                      <p className="team-email">
                        <strong>{i.email}</strong>
                      </p>
                      <p className="muted">
                        {t(`team.role.${i.role}`)} · {t('team.invitations.sent')} {date(i.sentAt)} · {t('team.invitations.expires')}{' '}
                        {date(i.expiresAt)}
                      </p>
                      <form method="post" action={self} className="actions">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="invitation" value={i.id} />
                        <button
                          type="submit"
                          className="btn btn-outline-secondary btn-md"
                          aria-label={t('team.invitations.revokeNamed', { email: i.email })}
                        >
                          {t('team.invitations.revoke')}
                        </button>
                      </form>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className="section" aria-labelledby="team-invite">
              <h2 id="team-invite">{t('team.invite.heading')}</h2>
              <form method="post" action={self} className="form-stack" noValidate data-testid="team-invite-form">
                <input type="hidden" name="intent" value="invite" />
                <Row id="invite-email" name="email" label={t('team.invite.email')} hint={t('team.invite.hint')} error={err('email')}>
                  <input
                    id="invite-email"
                    name="email"
                    type="email"
                    autoComplete="off"
                    required
                    maxLength={254}
                    defaultValue={v('email')}
                    aria-invalid={!!err('email') || undefined}
                    aria-describedby={describedBy('invite-email', true, !!err('email'))}
                  />
                </Row>
                <Row id="invite-role" name="role" label={t('team.invite.role')} error={err('role')}>
                  <select id="invite-role" name="role" defaultValue={v('role', 'recruiter')} aria-invalid={!!err('role') || undefined}>
                    {TEAM_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`team.role.${r}`)}
                      </option>
                    ))}
                  </select>
                </Row>
                <Row id="invite-language" name="language" label={t('team.invite.language')} error={err('language')}>
                  <select id="invite-language" name="language" defaultValue={v('language', locale)}>
                    {locales.map((l) => (
                      <option key={l} value={l}>
                        {l === 'es' ? 'Español' : 'English'}
                      </option>
                    ))}
                  </select>
                </Row>
                <button type="submit" className="btn btn-primary btn-md" data-testid="team-invite">
                  {t('team.invite.submit')}
                </button>
              </form>
            </section>
          </>
        ) : (
          <p className="notice section-sm">{t('team.recruiterNote')}</p>
        )}

        <section className="section" aria-labelledby="team-leave">
          <h2 id="team-leave">{t('team.leave.heading')}</h2>
          <p className="muted">{t('team.leave.body')}</p>
          {soleOwner ? (
            <p className="notice" data-testid="team-sole-owner">
              {t('team.error.lastOwner')}
            </p>
          ) : (
            <form method="post" action={self}>
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="team-leave">
                {t('team.leave.submit')}
              </button>
            </form>
          )}
        </section>

        {owner && (
          <section className="section" aria-labelledby="team-delete">
            <h2 id="team-delete">{t('team.delete.heading')}</h2>
            <p className="muted">{t('team.delete.body')}</p>
            <form method="post" action={self} className="form-stack" noValidate>
              <input type="hidden" name="intent" value="delete" />
              <Row id="delete-confirm" name="confirm" label={t('team.delete.label', { company: company.name })} error={err('confirm')}>
                <input
                  id="delete-confirm"
                  name="confirm"
                  type="text"
                  autoComplete="off"
                  required
                  maxLength={200}
                  defaultValue={v('confirm')}
                  aria-invalid={!!err('confirm') || undefined}
                  aria-describedby={describedBy('delete-confirm', false, !!err('confirm'))}
                />
              </Row>
              <button type="submit" className="btn btn-danger btn-md" data-testid="team-delete">
                {t('team.delete.submit')}
              </button>
            </form>
          </section>
        )}
      </div>
    );
  };
