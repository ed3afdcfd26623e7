import { Link } from 'waku';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { JobCard } from '../../server/offers/job-search-service';
import { JobList } from './job-results';

/** A few open offers under a heading, with a link to the full search (offer page, salary tools, workspace). */
export function RelatedOffers({
  id,
  title,
  items,
  more,
  moreLabel,
  empty,
  note,
  dense,
  locale,
  t,
}: {
  id: string;
  title: string;
  items: JobCard[];
  more?: string;
  moreLabel?: string;
  empty?: string;
  /** A line under the heading: why these offers (the workspace's recommendations). */
  note?: string;
  /** Short cards without skills or the save button (JobList's dense form). */
  dense?: boolean;
  locale: Locale;
  t: T;
}) {
  if (!items.length && !empty) return null;
  return (
    <section className="section related-offers" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {note && items.length > 0 && (
        <p className="muted" data-testid={`${id}-note`}>
          {note}
        </p>
      )}
      {items.length ? <JobList items={items} locale={locale} t={t} dense={dense} /> : <p className="notice">{empty}</p>}
      {more && moreLabel && (
        <p>
          <Link to={more}>{moreLabel}</Link>
        </p>
      )}
    </section>
  );
}
