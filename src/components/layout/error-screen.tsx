import { Link } from 'waku';
import IconLock from '~icons/lucide/lock';
import IconSearchX from '~icons/lucide/search-x';
import IconServerCrash from '~icons/lucide/server-crash';
import { JobSearchBox } from '../ui/job-search-box';
import { errorKind, type Audience, type ErrorData } from '../../domain/page-error';
import type { MessageKey, T } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';

// The error screen (docs/product-rules.md): status code, message and 'Ir al inicio'; dedicated screens for a missing
// talent, offer or certification, chosen by the error's data.
export function ErrorScreen({
  status,
  message,
  data,
  locale,
  t,
}: {
  status: number;
  message: string;
  data?: ErrorData;
  locale: Locale;
  t: T;
}) {
  const kind = errorKind(data);
  if (kind === 'forbidden' && data?.audience) return <Forbidden audience={data.audience} help={message} locale={locale} t={t} />;
  // Message keys per screen: the dedicated not-found screens, else the generic 404 or server error.
  const keys: Record<'title' | 'help', MessageKey> =
    kind !== 'generic' && kind !== 'forbidden'
      ? { title: `error.${kind}Title`, help: `error.${kind}Help` }
      : status === 404
        ? { title: 'error.notFoundTitle', help: 'error.notFoundHelp' }
        : status === 503
          ? { title: 'error.unavailableTitle', help: 'error.unavailableHelp' }
          : { title: 'error.serverTitle', help: 'error.serverHelp' };
  const title = t(keys.title);
  const help = t(keys.help);
  const lost = status < 500;
  return (
    <div className="container error-screen" data-error-kind={kind}>
      <div className="error-card">
        <span className="error-icon" aria-hidden="true">
          {lost ? <IconSearchX /> : <IconServerCrash />}
        </span>
        <p className="status" aria-hidden="true">
          {status}
        </p>
        <h1>
          <span className="sr-only">{t('error.title', { status })}: </span>
          {title}
        </h1>
        <p className="error-help">{help}</p>
        {lost && <JobSearchBox id="error-q" locale={locale} t={t} className="error-search" size="md" />}
        <div className="actions">
          <Link to={href('home', locale)} className="btn btn-primary btn-md">
            {t('error.home')}
          </Link>
          {kind === 'offer' && (
            <Link to={href('jobs', locale)} className="btn btn-outline-primary btn-md">
              {t('error.offerCta')}
            </Link>
          )}
        </div>
        <nav className="error-links" aria-label={t('error.elsewhere')}>
          <Link to={href('jobs', locale)}>{t('nav.jobs')}</Link>
          <Link to={href('tools', locale)}>{t('nav.tools')}</Link>
          <Link to={href('hire', locale)}>{t('nav.hire')}</Link>
        </nav>
        {/* What the server said, for a support request: developer text in English, marked as such. */}
        <p className="error-detail">
          <span>{t('error.detail')}</span>{' '}
          <span className="message" lang="en">
            {message}
          </span>
        </p>
      </div>
    </div>
  );
}

/** The permissions screen (decision 077): a signed-in account opened a page of the other account type. It says who
 * the page is for, why this account cannot see it (the page's own words), and links to the account's workspace. */
function Forbidden({ audience, help, locale, t }: { audience: Audience; help: string; locale: Locale; t: T }) {
  // The visitor is of the other type: their own workspace is the other one.
  const own =
    audience === 'match'
      ? ({ id: 'hireSite', label: 'error.toHireSite' } as const)
      : ({ id: 'matchPlatform', label: 'error.toMatchPlatform' } as const);
  return (
    <div className="container error-screen" data-error-kind="forbidden">
      <div className="error-card">
        <span className="error-icon" aria-hidden="true">
          <IconLock />
        </span>
        <h1>
          <span className="sr-only">{t('error.title', { status: 403 })}: </span>
          {t(audience === 'match' ? 'error.forbiddenMatchTitle' : 'error.forbiddenHireTitle')}
        </h1>
        <p className="error-help">{help}</p>
        <div className="actions">
          <Link to={href(own.id, locale)} className="btn btn-primary btn-md">
            {t(own.label)}
          </Link>
          <Link to={href('home', locale)} className="btn btn-outline-primary btn-md">
            {t('error.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
