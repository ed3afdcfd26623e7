import 'server-only';
import { countries, labelOf, roles, skills } from '../../domain/catalog';
import { localeInfo, type Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { modalityLabel, placeText, salaryText, seniorityLabel } from '../../views/jobs/job-text';
import { href } from '../../routes';
import type { JobCard } from '../../server/offers/job-search-service';

// RSS 2.0 of a job search (every search URL also works as a feed). Built from the first page of the same
// search as the page, without counting it; every text node and attribute is escaped.
const xml = (s: string) =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // Characters XML 1.0 forbids (control codes) would make the whole feed unreadable.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

export type FeedInput = {
  items: JobCard[];
  locale: Locale;
  t: T;
  siteUrl: string;
  brand: string;
  /** The search described in words (the page's title). */
  title: string;
  /** Absolute URLs of the search page and of this feed. */
  pageUrl: string;
  feedUrl: string;
};

export function buildJobsFeed({ items: offers, locale, t, siteUrl, brand, title, pageUrl, feedUrl }: FeedInput): string {
  // The newest offer's date, not the clock: the same results give the same bytes (and ETag) on every poll.
  const times = offers.map((o) => o.publishedAt?.getTime() ?? NaN).filter((n) => !Number.isNaN(n));
  const lastBuild = times.length ? `    <lastBuildDate>${new Date(Math.max(...times)).toUTCString()}</lastBuildDate>` : '';
  const items = offers.map((o) => {
    const link = siteUrl + href('offer', locale, { slug: o.slug });
    const salary = salaryText(o.salary, locale, t);
    const summary = [
      o.company.name,
      salary.usd ? `${salary.local} (${salary.usd})` : salary.local,
      modalityLabel(o.modality, locale),
      placeText(o, locale, t),
      seniorityLabel(o.seniority, locale),
    ].join(' · ');
    const categories = [
      labelOf(roles, o.role, locale),
      labelOf(countries, o.country, locale),
      ...o.skills.map((s) => labelOf(skills, s.skill, locale)),
    ];
    return [
      '    <item>',
      `      <title>${xml(`${o.title} · ${o.company.name}`)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      o.publishedAt ? `      <pubDate>${o.publishedAt.toUTCString()}</pubDate>` : '',
      `      <description>${xml(summary)}</description>`,
      ...categories.map((c) => `      <category>${xml(c)}</category>`),
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(`${title} | ${brand}`)}</title>`,
    `    <link>${xml(pageUrl)}</link>`,
    `    <description>${xml(t('jobs.rss.description', { brand, title }))}</description>`,
    `    <language>${localeInfo[locale].language}</language>`,
    ...(lastBuild ? [lastBuild] : []),
    `    <atom:link href="${xml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
