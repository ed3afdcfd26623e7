import 'server-only';
import { AlertList } from '../../views/alerts/alert-list';
import { SignOutEverywhere } from '../../views/account-forms/sign-out-everywhere';
import { cache } from 'react';
import { Link } from 'waku';
import { ProfileEditor } from './profile-editor';
import { SessionChip } from '../../components/session/session-chip';
import { RelatedOffers } from '../../views/jobs/related-offers';
import { LearningSections, loadLearning } from './learning-sections';
import { jobsHref } from '../../views/jobs/job-search-url';
import { countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { formatDate, formatNumber } from '../../i18n/format';
import { PageError } from '../../domain/page-error';
import { href } from '../../routes';
import type { AreaDeps } from '../route-module';
import type { Page, PageProps } from '../../server/render/page-types';
import { translateIn } from '../../i18n/translate';
import { InviteBox } from './invite-box';
import { InvitationCards } from './invitation-cards';
import { InterviewList } from '../../views/interviews/interview-list';
import { isTimeZone } from '../../domain/scheduling';
import { ProfileHistory } from '../../views/profile/profile-history';
import { CvLink } from '../../views/profile/applicant-profile';
import { ProfileHistoryEditor } from './profile-history-editor';
import { isHistoryIntent } from './profile-history-actions';
import { parseId } from '../../domain/ids';
import { SavedOffersSection } from './applying-sections';
import { ApplicationsSection, ProfileProgress } from './workspace-lead';
import { recommendationBasis } from '../../domain/profile-completeness';

// A candidate's public profile (/ly/{slug}) with its owner's editor, and the company workspace (/hire/site)
// with the company editor. Thin pages: the profile service decides who sees and changes what.
const slugOf = (p: PageProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');

const selfAction = (p: PageProps) => p.path + (p.query ? `?${p.query}` : '');

/** A candidate's public profile, built from the profile service it reads. */
export function talentProfilePage({
  profiles,
  messages,
  profileHistory,
}: Pick<AreaDeps, 'profiles' | 'messages' | 'profileHistory'>): Page {
  // meta() and the page ask with the same arguments: one load per request serves both.
  const loadProfile = cache(async (slug: string, viewerId: number | null) => (await profiles()).view(slug, viewerId));

  const page: Page = async (p) => {
    const { t, locale } = p;
    const slug = slugOf(p);
    const view = await loadProfile(slug, p.viewer?.id ?? null);
    if (!view) throw new PageError(404, `Talent not found: ${slug}`, { talentId: slug });
    const { profile: pr, isOwner } = view;
    const saved = new URLSearchParams(p.query).get('saved') === '1';
    // Work history, education, links; the CV only for its owner and the companies they applied to (decision 050).
    const details = await (await profileHistory()).forProfile(pr.userId, p.viewer);
    const historyDone = new URLSearchParams(p.query).get('historial');
    const historyForm = p.form && isHistoryIntent(p.form.values.intent) ? p.form : null;
    // A company account may invite the person of a public profile (decision 043).
    const invite = p.viewer?.type === 'hire' && pr.isPublic ? await (await messages()).inviteState(p.viewer, slug) : null;
    const facts = [
      pr.role && labelOf(roles, pr.role, locale),
      pr.seniority && labelOf(seniorities, pr.seniority, locale),
      pr.country && labelOf(countries, pr.country, locale),
    ].filter(Boolean);
    return (
      <div className="container page profile-page">
        <section className="card profile-card" aria-labelledby="profile-name">
          <div className="profile-head">
            {pr.picture ? (
              <img className="profile-picture" src={pr.picture} alt={t('session.avatarAlt', { name: pr.name })} width={96} height={96} />
            ) : (
              <span className="profile-picture avatar-initials" aria-hidden="true">
                {`${pr.name[0] ?? ''}${pr.lastName[0] ?? ''}`.toUpperCase()}
              </span>
            )}
            <div>
              {pr.isDemo && <span className="badge">{t('profile.demo')}</span>}
              <h1 id="profile-name">{`${pr.name} ${pr.lastName}`.trim()}</h1>
              {pr.headline && <p className="profile-headline">{pr.headline}</p>}
              {facts.length > 0 && <p className="muted">{facts.join(' · ')}</p>}
            </div>
          </div>
          <ul className="profile-facts">
            <li>{translateIn(t, 'profile.availabilityValue', pr.availability)}</li>
            {pr.english && <li>{labelOf(englishLevels, pr.english, locale)}</li>}
            {pr.years !== null && <li>{t('profile.yearsValue', { years: pr.years })}</li>}
            {isOwner && pr.salaryExpectationUsd !== null && (
              <li>{t('profile.salaryValue', { amount: formatNumber(pr.salaryExpectationUsd, locale) })}</li>
            )}
          </ul>
          <h2 className="h3">{t('profile.skills')}</h2>
          {pr.skills.length ? (
            <ul className="chips">
              {pr.skills.map((s) => (
                <li key={s} className="chip">
                  {labelOf(skills, s, locale)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('profile.skillsEmpty')}</p>
          )}
          <h2 className="h3 section-sm">{t('profile.certifications')}</h2>
          {pr.certifications.length ? (
            <ul className="cert-list">
              {pr.certifications.map((c) => (
                <li key={c.slug}>
                  <Link to={href('certification', locale, { slug: c.slug })}>
                    {`${labelOf(roles, c.role, locale)} · ${labelOf(seniorities, c.level, locale)}`}
                  </Link>{' '}
                  <span className="muted">{`${t('profile.score', { score: c.score })} · ${formatDate(c.issuedAt, locale)}`}</span>
                  {c.isDemo && <span className="badge">{t('learning.cert.demo')}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('profile.noCertifications')}</p>
          )}
          <ProfileHistory details={details} locale={locale} t={t} />
          {details.cv && !isOwner && <CvLink slug={pr.slug} name={`${pr.name} ${pr.lastName}`.trim()} locale={locale} t={t} />}
        </section>
        {invite && (
          <InviteBox
            state={invite}
            name={`${pr.name} ${pr.lastName}`.trim()}
            action={selfAction(p)}
            sent={new URLSearchParams(p.query).get('invitada') === '1'}
            form={p.form?.values.intent === 'invite' ? p.form : null}
            locale={locale}
            t={t}
          />
        )}
        {isOwner && (
          <section className="card profile-editor" aria-labelledby="profile-edit">
            <h2 id="profile-edit">{t('profile.edit')}</h2>
            {saved && (
              <div className="alert alert-success" role="status">
                {t('profile.saved')}
              </div>
            )}
            <p className="muted">{t(pr.isPublic ? 'profile.public' : 'profile.private')}</p>
            <p className="muted">{t('profile.editIntro')}</p>
            <ProfileEditor
              action={selfAction(p)}
              locale={locale}
              t={t}
              state={historyForm || p.form?.values.intent === 'invite' ? null : p.form}
              values={{
                headline: pr.headline ?? '',
                country: pr.country ?? '',
                role: pr.role ?? '',
                seniority: pr.seniority ?? '',
                years: pr.years === null ? '' : String(pr.years),
                english: pr.english ?? '',
                salary_expectation_usd: pr.salaryExpectationUsd === null ? '' : String(pr.salaryExpectationUsd),
                availability: pr.availability,
                is_public: pr.isPublic,
                skills: pr.skills,
              }}
            />
          </section>
        )}
        {isOwner && (
          <ProfileHistoryEditor
            action={selfAction(p)}
            slug={pr.slug}
            details={details}
            state={historyForm}
            notice={
              historyDone && ['experience', 'education', 'links', 'cv', 'removed'].includes(historyDone)
                ? t(`profileHistory.saved.${historyDone as 'cv'}`)
                : null
            }
            locale={locale}
            t={t}
          />
        )}
      </div>
    );
  };

  page.meta = async (p) => {
    const view = await loadProfile(slugOf(p), p.viewer?.id ?? null);
    if (!view) return { title: p.t('routes.talentProfile.title', { slug: slugOf(p) }), description: '', noindex: true };
    const pr = view.profile;
    const role = pr.role ? labelOf(roles, pr.role, p.locale) : '';
    return {
      title: [`${pr.name} ${pr.lastName}`.trim(), role].filter(Boolean).join(' · '),
      description: pr.headline ?? p.t('routes.talentProfile.description', { slug: pr.slug }),
      noindex: !pr.isPublic || pr.isDemo,
    };
  };
  return page;
}

/** The candidate workspace, built from the services it reads. */
export const matchPlatformPage =
  ({
    applications: applicationService,
    jobs,
    learning,
    messages,
    alerts,
    interviews,
    screening,
    savedOffers,
  }: Pick<AreaDeps, 'applications' | 'jobs' | 'learning' | 'messages' | 'alerts' | 'interviews' | 'screening' | 'savedOffers'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const { session, viewer } = p;
    const slug = session.user?.profile_slug;
    const learningData = await loadLearning(await learning(), viewer, locale);
    const applications = viewer ? await (await applicationService()).applications(viewer.id) : [];
    const profile = viewer ? await (await applicationService()).profileOf(viewer.id) : null;
    const facts = viewer ? await (await applicationService()).profileFacts(viewer.id) : null;
    // Conversations (decision 043): one per application, with what is unread, and invitations waiting.
    const msgs = await messages();
    const threads = viewer
      ? await msgs.forApplications(
          viewer,
          applications.map((a) => a.id),
        )
      : new Map<number, { id: number; unread: number }>();
    const invitations = viewer ? await msgs.invitations(viewer) : [];
    const q = new URLSearchParams(p.query);
    const myAlerts = viewer ? await (await alerts()).ofUser(viewer.id) : [];
    // Interviews (decision 046): times in the zone of ?tz=, else each interview's own.
    const myInterviews = viewer ? await (await interviews()).upcoming(viewer) : [];
    const tz = isTimeZone(q.get('tz')) ? q.get('tz') : null;
    const interviewDone = q.get('entrevista');
    // Saved offers and the withdrawal's confirmation step (decision 049).
    const saved = viewer ? await (await savedOffers()).list(viewer, q.get('guardadas')) : { open: [], closed: [], next: null };
    const withdrawId = parseId(q.get('retirar'));
    const withdrawing = withdrawId && viewer ? await (await screening()).ownApplication(viewer, withdrawId).catch(() => null) : null;
    const recommended = profile?.role
      ? await (
          await jobs()
        ).related(
          [
            ...(profile.country
              ? [
                  { role: profile.role, country: profile.country, ...(profile.seniority ? { seniority: profile.seniority } : {}) },
                  { role: profile.role, country: profile.country },
                ]
              : []),
            { role: profile.role },
          ],
          4,
        )
      : null;
    const recommendedItems = recommended ? recommended.items.filter((o) => !applications.some((a) => a.offer.slug === o.slug)) : [];
    // Why these offers: the profile's facts that every one of them shares.
    const basisNote = (items: { role: string | null; seniority: string | null; country: string | null }[]) => {
      const labels = recommendationBasis(profile ?? null, items).map((k) =>
        k === 'role'
          ? labelOf(roles, profile!.role!, locale)
          : k === 'country'
            ? labelOf(countries, profile!.country!, locale)
            : labelOf(seniorities, profile!.seniority!, locale),
      );
      return labels.length ? t('platform.recommendedBasis', { facts: labels.join(' · ') }) : undefined;
    };
    return (
      <div className="container page">
        <div className="platform-head">
          {session.user && <SessionChip user={session.user} />}
          <h1>{t('platform.welcome', { name: session.user?.name ?? '' })}</h1>
        </div>
        <p className="muted">{t('routes.matchPlatform.intro', { brand: p.brand })}</p>
        <p className="section-sm platform-inbox">
          <Link className="btn btn-outline-primary btn-md" to={href('matchInbox', locale)} data-testid="inbox-link">
            {t('messages.inbox.link')}
          </Link>{' '}
          <Link className="btn btn-outline-primary btn-md" to={href('account', locale)} data-testid="account-link">
            {t('account.link')}
          </Link>
        </p>
        {q.get('rechazada') === '1' && (
          <div className="alert alert-success" role="status">
            {t('messages.invitations.declined')}
          </div>
        )}
        {p.form?.message && (
          <div className="alert alert-error" role="alert">
            {Object.values(p.form.errors)[0] ?? p.form.message}
          </div>
        )}
        {interviewDone && ['picked', 'declined', 'cancelled'].includes(interviewDone) && (
          <div className="alert alert-success" role="status" data-testid="interview-notice">
            {translateIn(t, 'interviews.done', interviewDone)}
          </div>
        )}
        <ApplicationsSection
          applications={applications}
          threads={threads}
          withdrawing={withdrawing}
          withdrawn={q.get('retirada') === '1'}
          locale={locale}
          t={t}
        />
        {recommended ? (
          <RelatedOffers
            id="recommended-offers"
            title={t('platform.recommended')}
            items={recommendedItems}
            locale={locale}
            t={t}
            empty={t('jobs.empty')}
            more={recommended.selection ? jobsHref(locale, recommended.selection) : undefined}
            moreLabel={t('offer.moreOffers')}
            note={basisNote(recommendedItems)}
          />
        ) : (
          <p className="notice section">{t('platform.noRecommendations')}</p>
        )}
        {slug && <ProfileProgress facts={facts} slug={slug} locale={locale} t={t} />}
        <InterviewList items={myInterviews} side="candidate" locale={locale} t={t} tz={tz} action={href('matchPlatform', locale)} />
        <InvitationCards invitations={invitations} action={href('matchPlatform', locale)} locale={locale} t={t} />
        <LearningSections data={learningData} locale={locale} t={t} />
        <section className="section" id="alerts" aria-labelledby="alerts-title">
          <h2 id="alerts-title">{t('alerts.workspace.heading')}</h2>
          {myAlerts.length ? (
            <AlertList alerts={myAlerts} action={href('alertNew', locale)} locale={locale} t={t} />
          ) : (
            <p className="notice">{t('alerts.workspace.empty')}</p>
          )}
        </section>
        <SavedOffersSection saved={saved} removed={q.get('quitada') === '1'} locale={locale} t={t} />
        <div className="grid section">
          {slug && (
            <Link className="card card-link" to={href('talentProfile', locale, { slug })}>
              <h2 className="h3">{t('platform.profileCard')}</h2>
              <p>{t('platform.profileText')}</p>
            </Link>
          )}
          {(['jobs', 'matchCourses', 'calculator'] as const).map((id) => (
            <Link key={id} className="card card-link" to={href(id, locale)}>
              <h2 className="h3">{t(`routes.${id}.title`)}</h2>
              <p>{t(`routes.${id}.description`)}</p>
            </Link>
          ))}
        </div>
        <SignOutEverywhere locale={locale} t={t} />
      </div>
    );
  };
