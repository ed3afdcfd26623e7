import 'server-only';
import { Link } from 'waku';
import IconChevronLeft from '~icons/lucide/chevron-left';
import IconChevronRight from '~icons/lucide/chevron-right';
import { Enhance } from '../../components/islands/enhance';
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

/** "Página 2 de 33" between its previous and next links, as one navigation landmark. */
export function Pager({
  page,
  pages,
  hrefOf,
  label,
  t,
}: {
  page: number;
  pages: number;
  hrefOf: (p: number) => string;
  label: string;
  t: T;
}) {
  return (
    <nav className="pager" aria-label={label} data-testid="pager">
      <ul>
        {page > 1 && (
          <li className="pager-prev">
            <Link to={hrefOf(Math.min(page - 1, pages))} rel="prev" className="btn btn-outline-primary btn-sm">
              <IconChevronLeft aria-hidden /> {t('hire.site.prev')}
            </Link>
          </li>
        )}
        <li className="pager-status">
          <span aria-current="page">{t('hire.site.pageOf', { page, pages })}</span>
        </li>
        {page < pages && (
          <li className="pager-next">
            <Link to={hrefOf(page + 1)} rel="next" className="btn btn-outline-primary btn-sm">
              {t('hire.site.next')} <IconChevronRight aria-hidden />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
