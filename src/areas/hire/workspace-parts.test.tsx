import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';

// The keyset pager (decision 054) as a visitor without JavaScript gets it: where the page is among all
// rows, the first page once past it, and the next ones by their real count, never a page it cannot reach.
vi.mock('waku', () => ({
  Link: ({ to, children, rel }: { to: string; children: ReactNode; rel?: string }) => (
    <a href={to} rel={rel}>
      {children}
    </a>
  ),
}));
const { KeysetPager } = await import('./workspace-parts');

const render = (page: { total: number; from: number; perPage: number }, shown: number, next: string | null, locale: 'es' | 'en' = 'es') =>
  renderToStaticMarkup(
    (<KeysetPager page={page} shown={shown} first="/p" next={next} label="Páginas" locale={locale} t={getT(locale)} />) as ReactElement,
  ).replace(/<svg.*?<\/svg>/g, '');

describe('KeysetPager', () => {
  it('says where the page is and offers the next ones by their real count', () => {
    const first = render({ total: 1500, from: 1, perPage: 50 }, 50, '/p?cursor=a');
    expect(first).toContain('1–50 de 1500');
    expect(first).toContain('<a href="/p?cursor=a" rel="next">Siguientes 50 </a>');
    expect(first).not.toContain('rel="first"');
    const last = render({ total: 1500, from: 1451, perPage: 50 }, 50, null, 'en');
    expect(last).toContain('1,451–1,500 of 1,500');
    expect(last).toContain('rel="first"> First page');
    expect(last).not.toContain('rel="next"');
    expect(render({ total: 53, from: 51, perPage: 50 }, 3, null)).toContain('51–53 de 53');
    expect(render({ total: 120, from: 101, perPage: 50 }, 20, null)).not.toContain('Siguientes');
    expect(render({ total: 123, from: 51, perPage: 50 }, 50, '/p?cursor=b')).toContain('Siguientes 23');
  });

  it('never claims more than the total, even from a forged cursor', () => {
    const html = render({ total: 10, from: 900, perPage: 50 }, 10, '/p?cursor=c');
    expect(html).toContain('10–10 de 10');
    expect(html).not.toContain('rel="next"');
  });
});
