import { Link } from 'waku';
import IconInstagram from '~icons/lucide/instagram';
import IconLinkedin from '~icons/lucide/linkedin';
import IconTwitter from '~icons/lucide/twitter';
import { localeInfo, locales } from '../../i18n/locales';
import { href, switchLocalePath } from '../../routes';
import type { ShellProps } from './site-header';

export function SiteFooter({ locale, t, path, query, brand, handle }: ShellProps & { handle: string }) {
  const social = handle.replace(/^@/, '');
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="cols">
          <div>
            <p style={{ fontWeight: 700 }}>{brand}</p>
            <p className="muted">{t('footer.tagline')}</p>
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product">{t('footer.product')}</h2>
            <ul>
              <li>
                <Link to={href('hire', locale)}>{t('nav.hire')}</Link>
              </li>
              <li>
                <Link to={href('match', locale)}>{t('nav.match')}</Link>
              </li>
              <li>
                <Link to={href('tools', locale)}>{t('nav.tools')}</Link>
              </li>
              <li>
                <Link to={href('jobs', locale)}>{t('nav.jobs')}</Link>
              </li>
              <li>
                <Link to={href('companies', locale)}>{t('nav.companies')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal">{t('footer.legal')}</h2>
            <ul>
              <li>
                <Link to={href('privacy', locale)}>{t('routes.privacy.title')}</Link>
              </li>
              <li>
                <Link to={href('terms', locale)}>{t('routes.terms.title')}</Link>
              </li>
              <li>
                <Link to={href('termsB2c', locale)}>{t('routes.termsB2c.title')}</Link>
              </li>
              <li>
                {/* The consent choice, again: the privacy policy's cookie section carries the same form as the banner. */}
                <a href={`${href('privacy', locale)}#cookies`} data-consent-settings="">
                  {t('consent.settings')}
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-language">
            <h2 id="footer-language">{t('footer.language')}</h2>
            <ul>
              {locales.map((l) => (
                <li key={l}>
                  <Link to={switchLocalePath(path, l, query)} hrefLang={l} lang={l} aria-current={l === locale ? 'true' : undefined}>
                    {localeInfo[l].name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>{t('footer.social')}</h2>
            <ul>
              <li>
                <a href={`https://www.linkedin.com/company/${social}`} rel="noopener noreferrer">
                  <IconLinkedin aria-hidden /> LinkedIn
                </a>
              </li>
              <li>
                <a href={`https://www.instagram.com/${social}`} rel="noopener noreferrer">
                  <IconInstagram aria-hidden /> Instagram
                </a>
              </li>
              <li>
                <a href={`https://x.com/${social}`} rel="noopener noreferrer">
                  <IconTwitter aria-hidden /> X ({handle})
                </a>
              </li>
            </ul>
          </div>
        </div>
        <p className="legal">{t('footer.rights', { year, brand })}</p>
      </div>
    </footer>
  );
}
