import 'server-only';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import { getConfig, legalContact } from '../../server/config';
import { renderLegalText, type LegalVars, type RenderedLegal } from '../../server/render/legal-markdown';
import type { Page, PageProps } from '../../server/render/page-types';
import { legalTexts, type LegalId } from './legal';

// The legal pages (decision 026): version and effective date at the top, a table of contents, then the
// sections of the Markdown text, each an anchored region. The brand comes from the page's props, the
// contact address and the operator's name from configuration; nothing of the visitor is in the page.

type Options = {
  /** The other legal texts, linked at the end (the clean layout has no footer). */
  related: LegalId[];
  /** Server-rendered content appended to a section, by section id (the privacy policy's cookie choices). */
  extra?: Record<string, (p: PageProps) => ReactNode>;
};

const rendered = new Map<string, RenderedLegal>();
/** The rendered text, memoised per text, language and configured values (a handful of entries). */
function renderedText(id: LegalId, locale: Locale, vars: LegalVars): RenderedLegal {
  const key = JSON.stringify([id, locale, vars]);
  let doc = rendered.get(key);
  if (!doc) {
    if (rendered.size > 64) rendered.clear();
    doc = renderLegalText(legalTexts[id][locale].body, vars, locale);
    rendered.set(key, doc);
  }
  return doc;
}

export function legalPage(id: LegalId, opts: Options): Page {
  return function LegalPage(p: PageProps) {
    const { locale, t, brand } = p;
    const text = legalTexts[id][locale];
    const config = getConfig();
    const contact = legalContact(config);
    const doc = renderedText(id, locale, {
      brand,
      entity: contact.entity ?? brand,
      email: contact.email,
      host: new URL(config.SITE_URL).host,
    });
    return (
      <div className="container page legal-page">
        <article className="legal" aria-labelledby="legal-title">
          <header className="legal-header">
            <h1 id="legal-title">{t(`routes.${id}.heading`)}</h1>
            <p className="legal-meta" data-testid="legal-meta">
              <span>{t('legal.version', { version: text.version })}</span>{' '}
              <time dateTime={text.effective}>{t('legal.effective', { date: formatLongDate(text.effective, locale) })}</time>
            </p>
            <p className="legal-intro">{t(`routes.${id}.intro`, { brand })}</p>
          </header>
          <nav className="legal-toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title">{t('legal.contents')}</h2>
            <ol>
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {/* Our own Markdown, rendered with raw HTML off (legal-markdown.ts), as offer descriptions are. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: doc.intro }} />
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: s.html }} />
              {opts.extra?.[s.id]?.(p)}
            </section>
          ))}
          <nav className="legal-related" aria-labelledby="legal-related-title">
            <h2 id="legal-related-title">{t('legal.related')}</h2>
            <ul>
              {opts.related.map((r) => (
                <li key={r}>
                  <a href={href(r, locale)}>{t(`routes.${r}.title`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </article>
      </div>
    );
  };
}
