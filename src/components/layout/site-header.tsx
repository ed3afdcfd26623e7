import { Link } from 'waku';
import IconHandshake from '~icons/lucide/handshake';
import IconLanguages from '~icons/lucide/languages';
import IconLogIn from '~icons/lucide/log-in';
import IconMenu from '~icons/lucide/menu';
import { ColorModeSwitch } from '../islands/color-mode-switch';
import { SessionSlot } from '../session/session-slot';
import { SessionChip } from '../session/session-chip';
import { MemberLinks } from '../session/member-links';
import { menuOf, PROFILE_SLUG_PLACEHOLDER } from '../session/session-menu-model';
import { localeInfo, otherLocale, type Locale } from '../../i18n/locales';
import { pick, type MessageKey, type T } from '../../i18n/translate';
import { href, switchLocalePath, type RouteId } from '../../routes';
import type { Session } from '../../state/session';

export type ShellProps = {
  locale: Locale;
  t: T;
  /** The route being shown and its path/query, for the switcher and aria-current. */
  routeId: RouteId | null;
  path: string;
  query: string;
  brand: string;
  session: Session;
};

// One entry for jobs: the search (/trabajos). The candidates' landing (/match) stays in the footer and on the
// home page (decision 077).
const navItems: { id: RouteId; key: MessageKey }[] = [
  { id: 'hire', key: 'nav.hire' },
  { id: 'tools', key: 'nav.tools' },
  { id: 'jobs', key: 'nav.jobs' },
];

export function Logo({ locale, brand }: { locale: Locale; brand: string }) {
  return (
    <Link to={href('home', locale)} className="logo" aria-label={brand}>
      <IconHandshake className="icon mark" aria-hidden />
      <span>{brand}</span>
    </Link>
  );
}

export function LanguageSwitcher({ locale, path, query, t }: Pick<ShellProps, 'locale' | 'path' | 'query' | 't'>) {
  const target = otherLocale(locale);
  const name = localeInfo[target].name;
  return (
    <Link to={switchLocalePath(path, target, query)} className="btn btn-ghost btn-sm" hrefLang={target} data-testid="language-switcher">
      <IconLanguages aria-hidden />
      <span aria-hidden="true">{target.toUpperCase()}</span>
      <span className="sr-only">{t('nav.switchTo', { language: name })}</span>
    </Link>
  );
}

function slotProps(t: T, locale: Locale) {
  return {
    labels: {
      menu: t('session.menu', { name: '{{name}}' }),
      workspaceHire: t('session.workspaceHire'),
      workspaceMatch: t('session.workspaceMatch'),
      profile: t('session.profile'),
      signOut: t('session.signOut'),
      notifications: t('notifications.bell'),
      notificationsUnread: t('notifications.bellUnread', { n: '{{n}}' }),
    },
    links: {
      hireSite: href('hireSite', locale),
      matchPlatform: href('matchPlatform', locale),
      profile: href('talentProfile', locale, { slug: PROFILE_SLUG_PLACEHOLDER }),
      logout: href('logout', locale),
      notifications: href('notifications', locale),
    },
  };
}

export function SiteHeader(props: ShellProps) {
  const { locale, t, routeId, brand, session } = props;
  const slot = slotProps(t, locale);
  // Account pages know the session; pages that are one HTML for everyone do not (decision 002).
  const known = session.loggedIn && session.user ? { user: session.user, menu: menuOf(session, slot.labels, slot.links) } : null;
  const colorLabels = pick(t, { label: 'colorMode.label', system: 'colorMode.system', light: 'colorMode.light', dark: 'colorMode.dark' });
  const links = navItems.map(({ id, key }) => (
    <Link key={id} to={href(id, locale)} aria-current={routeId === id ? 'page' : undefined}>
      {t(key)}
    </Link>
  ));
  return (
    <>
      <header className="site-header">
        <div className="container bar">
          <Logo locale={locale} brand={brand} />
          <nav className="main-nav" aria-label={t('a11y.mainNav')}>
            {links}
          </nav>
          <div className="header-actions">
            <LanguageSwitcher {...props} />
            <ColorModeSwitch labels={colorLabels} />
            {/* The island shows the account menu once the session is known (at once on account pages); on pages
              that are one HTML for everyone, the space is kept while the head script's hint says someone is
              signed in, so the bar does not jump. */}
            <SessionSlot part="bar" {...slot}>
              {known ? (
                // Until the menu loads, the chip links to the workspace. Its name starts with where it goes and
                // keeps the visible first name (an aria-label without it failed axe's label-in-name rule).
                <a href={known.menu.links.workspace} className="btn btn-ghost btn-sm">
                  <span className="sr-only">{known.menu.labels.workspace}: </span>
                  <SessionChip user={known.user} testId="session-menu" />
                </a>
              ) : (
                <>
                  <Link to={href('login', locale)} className="btn btn-primary btn-sm hide-mobile when-guest">
                    <IconLogIn aria-hidden />
                    {t('nav.signIn')}
                  </Link>
                  {/* The signed-in chip's size (same classes), so the bar does not move when it arrives. */}
                  <span
                    className="btn btn-ghost btn-sm session-placeholder when-member"
                    aria-hidden="true"
                    data-testid="session-placeholder"
                  >
                    <span className="session-button">
                      <span className="avatar" />
                      <span className="session-name" />
                    </span>
                  </span>
                </>
              )}
            </SessionSlot>
          </div>
          {/* A popover, no script: it opens without JavaScript, closes on Esc or a tap outside, and gives the focus
            back to its button (decision 077). */}
          <div className="mobile-menu">
            <button type="button" className="menu-button" popoverTarget="mobile-menu-panel" aria-label={t('a11y.openMenu')}>
              <IconMenu aria-hidden />
            </button>
            <nav id="mobile-menu-panel" className="panel" popover="auto" aria-label={t('a11y.mainNav')}>
              {navItems.map(({ id, key }) => (
                <Link key={id} to={href(id, locale)} className="nav-link">
                  {t(key)}
                </Link>
              ))}
              <SessionSlot part="menu" {...slot}>
                {known ? (
                  <MemberLinks user={known.user} menu={known.menu} />
                ) : (
                  <Link to={href('login', locale)} className="nav-link when-guest">
                    {t('nav.signIn')}
                  </Link>
                )}
              </SessionSlot>
            </nav>
          </div>
        </div>
      </header>
      {/* Phones, signed out: both doors in sight, under the bar and scrolling away with the page (hidden by the
          head script's hint when someone is signed in). */}
      {!known && (
        <nav className="guest-doors when-guest" aria-label={`${t('nav.signIn')} · ${t('nav.signUp')}`}>
          <Link to={href('login', locale)} className="btn btn-outline-primary btn-sm">
            {t('nav.signIn')}
          </Link>
          <Link to={href('signUp', locale)} className="btn btn-primary btn-sm">
            {t('nav.signUp')}
          </Link>
        </nav>
      )}
    </>
  );
}
