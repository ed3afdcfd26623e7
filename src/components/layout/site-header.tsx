import { Link } from 'waku';
import IconHandshake from '~icons/lucide/handshake';
import IconLanguages from '~icons/lucide/languages';
import IconLogIn from '~icons/lucide/log-in';
import IconMenu from '~icons/lucide/menu';
import { ColorModeSwitch } from '../islands/color-mode-switch';
import { Enhance } from '../islands/enhance';
import { SessionChip } from '../session/session-chip';
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

const navItems: { id: RouteId; key: MessageKey }[] = [
  { id: 'hire', key: 'nav.hire' },
  { id: 'match', key: 'nav.match' },
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

function sessionLabels(t: T, session: Session) {
  const name = session.user?.name ?? '';
  return {
    menu: t('session.menu', { name }),
    workspace: t(session.type === 'hire' ? 'session.workspaceHire' : 'session.workspaceMatch'),
    profile: t('session.profile'),
    signOut: t('session.signOut'),
  };
}

function sessionLinks(locale: Locale, session: Session) {
  const slug = session.user?.profile_slug;
  return {
    workspace: href(session.type === 'hire' ? 'hireSite' : 'matchPlatform', locale),
    profile: session.type === 'match' && slug ? href('talentProfile', locale, { slug }) : null,
    logout: href('logout', locale),
  };
}

export function SiteHeader(props: ShellProps) {
  const { locale, t, routeId, brand, session } = props;
  const colorLabels = pick(t, { label: 'colorMode.label', system: 'colorMode.system', light: 'colorMode.light', dark: 'colorMode.dark' });
  const links = navItems.map(({ id, key }) => (
    <Link key={id} to={href(id, locale)} aria-current={routeId === id ? 'page' : undefined}>
      {t(key)}
    </Link>
  ));
  return (
    <header className="site-header">
      <div className="container bar">
        <Logo locale={locale} brand={brand} />
        <nav className="main-nav" aria-label={t('a11y.mainNav')}>
          {links}
        </nav>
        <div className="header-actions">
          <LanguageSwitcher {...props} />
          <ColorModeSwitch labels={colorLabels} />
          {session.loggedIn && session.user ? (
            <Enhance kind="session-menu" props={{ labels: sessionLabels(t, session), links: sessionLinks(locale, session) }}>
              <a
                href={sessionLinks(locale, session).workspace}
                className="btn btn-ghost btn-sm"
                aria-label={sessionLabels(t, session).workspace}
              >
                <SessionChip user={session.user} testId="session-menu" />
              </a>
            </Enhance>
          ) : (
            <Link to={href('login', locale)} className="btn btn-primary btn-sm hide-mobile">
              <IconLogIn aria-hidden />
              {t('nav.signIn')}
            </Link>
          )}
        </div>
        <details className="mobile-menu">
          <summary aria-label={t('a11y.openMenu')}>
            <IconMenu aria-hidden />
          </summary>
          <nav className="panel" aria-label={t('a11y.mainNav')}>
            {navItems.map(({ id, key }) => (
              <Link key={id} to={href(id, locale)} className="nav-link">
                {t(key)}
              </Link>
            ))}
            {session.loggedIn ? (
              <>
                {/* Phones show only the avatar in the bar: the menu says who is signed in. */}
                {session.user && (
                  <p className="menu-user" data-testid="menu-user">
                    <SessionChip user={session.user} />
                  </p>
                )}
                <a href={sessionLinks(locale, session).workspace} className="nav-link">
                  {sessionLabels(t, session).workspace}
                </a>
                {sessionLinks(locale, session).profile && (
                  <a href={sessionLinks(locale, session).profile!} className="nav-link">
                    {t('session.profile')}
                  </a>
                )}
                <a href={href('logout', locale)} className="nav-link">
                  {t('session.signOut')}
                </a>
              </>
            ) : (
              <Link to={href('login', locale)} className="nav-link">
                {t('nav.signIn')}
              </Link>
            )}
          </nav>
        </details>
      </div>
    </header>
  );
}
