import 'server-only';
import { Link } from 'waku';
import IconChevronLeft from '~icons/lucide/chevron-left';
import IconChevronRight from '~icons/lucide/chevron-right';
import { Enhance } from '../../components/islands/enhance';
import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

// The workspace's tabs and pager. Tabs are links (GET ?vista=…) marked up as an ARIA tablist, so they work
// without JavaScript; only the selected tab's panel is rendered (the others' aria-controls name panels that
// load on their link, which the pattern allows for unselected tabs).
export type WorkspaceTab = { id: string; label: string; to: string; count?: number };

export const tabId = (id: string) => `tab-${id}`;
export const panelId = (id: string) => `panel-${id}`;

export function WorkspaceTabs({ tabs, selected, label }: { tabs: WorkspaceTab[]; selected: string; label: string }) {
  return (
    <>
      <div className="tabs" role="tablist" id="workspace-tabs" aria-label={label}>
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.to}
            role="tab"
            id={tabId(tab.id)}
            className="tab"
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
          >
            {tab.label}
            {tab.count !== undefined && <span className="tab-count">{tab.count}</span>}
          </Link>
        ))}
      </div>
      <Enhance kind="tab-keys" props={{ listId: 'workspace-tabs', selected }}>
        {null}
      </Enhance>
    </>
  );
}

/**
 * A keyset-paged list's pager (decision 054), one navigation landmark: a link back to the first page (after
 * it), "51–100 de 1.500" (the total is always stated), and "Siguientes 50" while there is a next page. No page
 * numbers: a page is reached by its cursor, so the pager never offers a page it cannot reach.
 */
export function KeysetPager({
  page,
  shown,
  first,
  next,
  label,
  locale,
  t,
}: {
  page: { total: number; from: number; perPage: number };
  /** How many rows this page shows. */
  shown: number;
  /** The list's first page. */
  first: string;
  /** The next page's address, or null on the last page. */
  next: string | null;
  label: string;
  locale: Locale;
  t: T;
}) {
  const to = Math.min(page.total, page.from + shown - 1);
  const from = Math.min(page.from, to);
  const left = Math.max(0, page.total - to);
  return (
    <nav className="pager" aria-label={label} data-testid="pager">
      <ul>
        {page.from > 1 && (
          <li className="pager-prev">
            <Link to={first} rel="first" className="btn btn-outline-primary btn-sm">
              <IconChevronLeft aria-hidden /> {t('hire.site.firstPage')}
            </Link>
          </li>
        )}
        <li className="pager-status">
          <span aria-current="page">
            {t('hire.site.pageRange', {
              from: formatNumber(from, locale),
              to: formatNumber(to, locale),
              total: formatNumber(page.total, locale),
            })}
          </span>
        </li>
        {next && left > 0 && (
          <li className="pager-next">
            <Link to={next} rel="next" className="btn btn-outline-primary btn-sm">
              {t('hire.site.nextN', { n: formatNumber(Math.min(page.perPage, left), locale) })} <IconChevronRight aria-hidden />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
