import { QUERY_KEYS } from '../../domain/job-facets';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';

/** A one-field job search (home hero, not-found screen): a plain GET to the search, no JavaScript needed. */
export function JobSearchBox({
  id,
  locale,
  t,
  className = '',
  size = 'lg',
}: {
  id: string;
  locale: Locale;
  t: T;
  className?: string;
  size?: 'md' | 'lg';
}) {
  return (
    <form
      className={`home-search ${className}`.trim()}
      method="get"
      action={href('jobs', locale)}
      role="search"
      aria-label={t('home.searchLabel')}
    >
      <label htmlFor={id} className="sr-only">
        {t('home.searchLabel')}
      </label>
      <input id={id} type="search" name={QUERY_KEYS.q} placeholder={t('jobs.search.placeholder')} maxLength={100} />
      <button type="submit" className={`btn btn-primary btn-${size}`}>
        {t('home.searchButton')}
      </button>
    </form>
  );
}
