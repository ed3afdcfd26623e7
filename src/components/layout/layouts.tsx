import type { ReactNode } from 'react';
import IconHandshake from '~icons/lucide/handshake';
import { href, routeDef, type Layout } from '../../routes';
import { Logo, LanguageSwitcher, SiteHeader, type ShellProps } from './site-header';
import { SiteFooter } from './site-footer';
import { ToolsNav } from './tools-nav';
import { ColorModeSwitch } from '../islands/color-mode-switch';
import { pick } from '../../i18n/translate';

type LayoutProps = ShellProps & { handle: string; children: ReactNode };

function SkipLink({ t }: Pick<ShellProps, 't'>) {
  return (
    <a href="#main" className="skip-link">
      {t('a11y.skipToContent')}
    </a>
  );
}

function DefaultLayout(props: LayoutProps) {
  return (
    <>
      <SkipLink t={props.t} />
      <SiteHeader {...props} />
      <main id="main">{props.children}</main>
      <SiteFooter {...props} />
    </>
  );
}

/** Logo only: forms and legal pages. */
function CleanLayout(props: LayoutProps) {
  const { t, locale, brand } = props;
  const colorLabels = pick(t, { label: 'colorMode.label', system: 'colorMode.system', light: 'colorMode.light', dark: 'colorMode.dark' });
  const def = props.routeId ? routeDef(props.routeId) : null;
  // Inside another site's frame the logo opens the site in a new tab (our other pages refuse framing),
  // and a page that forces a colour mode offers no switch that could not change it.
  const framed = def?.frameable === true;
  const forced = def?.colorMode === 'light' || def?.colorMode === 'dark';
  return (
    <>
      <SkipLink t={t} />
      <header className={framed ? 'clean-header framed-header' : 'clean-header'}>
        <div className="container bar">
          {framed ? (
            <a href={href('home', locale)} className="logo" target="_blank" aria-label={`${brand} ${t('a11y.newTab')}`}>
              <IconHandshake className="icon mark" aria-hidden />
              <span>{brand}</span>
            </a>
          ) : (
            <Logo locale={locale} brand={brand} />
          )}
          <div className="header-actions">
            <LanguageSwitcher {...props} />
            {!forced && <ColorModeSwitch labels={colorLabels} />}
          </div>
        </div>
      </header>
      <main id="main">{props.children}</main>
    </>
  );
}

/** The salary tools: the default shell plus the tools navigation (a sidebar on wide screens only). */
function ToolsLayout(props: LayoutProps) {
  const { locale, t, path } = props;
  return (
    <>
      <SkipLink t={t} />
      <SiteHeader {...props} />
      <div className="container tools-shell">
        <ToolsNav locale={locale} t={t} path={path} />
        <main id="main">{props.children}</main>
      </div>
      <SiteFooter {...props} />
    </>
  );
}

export const layouts: Record<Layout, (p: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  clean: CleanLayout,
  tools: ToolsLayout,
};
