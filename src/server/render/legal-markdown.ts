import 'server-only';
import MarkdownIt from 'markdown-it';
import type { Locale } from '../../i18n/locales';
import { href, routeIds, type RouteId } from '../../routes';
import { slugify } from '../../domain/slug';

// The legal texts (decision 026): Markdown we write ourselves, rendered on the server with a configuration of
// their own (offer descriptions have theirs in markdown.ts):
// - raw HTML is still never passed through (markdown-it escapes it), images and tables are off (a table
//   would scroll sideways on a phone);
// - links are plain: site paths written as `route:privacy#cookies` (resolved through the route table, so no
//   path is typed twice), in-page anchors, https and mailto; nothing else survives validateLink;
// - every `## Heading {#id}` starts a section with that id (the table of contents and stable anchors, the
//   same in both languages); `###` headings inside get an id derived from their text;
// - {{brand}}, {{entity}}, {{email}} and {{host}} come from configuration, escaped as Markdown text.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
md.disable(['image', 'table']);

const SAFE_LINK = /^(\/(?!\/)|#|https:|mailto:)/i;
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url: string) => defaultValidate(url) && SAFE_LINK.test(url.trim());

type RenderEnv = { prefix: string; seen: Set<string> };
md.renderer.rules.heading_open = (tokens, idx, options, renderEnv, self) => {
  const env = renderEnv as RenderEnv;
  const base = `${env.prefix}-${slugify(tokens[idx + 1]?.content ?? '', 60) || 'part'}`;
  let id = base;
  for (let n = 2; env.seen.has(id); n++) id = `${base}-${n}`;
  env.seen.add(id);
  tokens[idx]!.attrSet('id', id);
  return self.renderToken(tokens, idx, options);
};

export type LegalVars = { brand: string; entity: string; email: string; host: string };
type LegalSection = { id: string; title: string; html: string };
export type RenderedLegal = { intro: string; sections: LegalSection[] };

/** A value from configuration as literal Markdown text: every ASCII punctuation mark backslash-escaped. */
const escapeText = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!<>|~&:"']/g, (c) => `\\${c}`);

function fill(source: string, vars: LegalVars, locale: Locale): string {
  return source
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (name === 'email') return `<${vars.email}>`; // an autolink (the address is validated by the config schema)
      if (name === 'brand' || name === 'entity' || name === 'host') return escapeText(vars[name]);
      throw new Error(`Unknown placeholder {{${name}}} in a legal text`);
    })
    .replace(/\]\(route:(\w+)(#[a-z0-9-]+)?\)/g, (_m, id: string, hash: string | undefined) => {
      if (!(routeIds as string[]).includes(id)) throw new Error(`Unknown route "${id}" in a legal text`);
      return `](${href(id as RouteId, locale)}${hash ?? ''})`;
    });
}

const SECTION = /^## (.+?)\s+\{#([a-z][a-z0-9-]*)\}\s*$/;

/**
 * A legal text as an intro (what comes before the first section) and its sections, each with its id, its
 * title as plain text and its body as HTML. Throws on a `##` without an id, a duplicate id, an unknown
 * placeholder or route: the texts are ours, and their test renders every one of them.
 */
export function renderLegalText(source: string, vars: LegalVars, locale: Locale): RenderedLegal {
  const lines = fill(source, vars, locale).split('\n');
  const parts: { id: string; title: string; lines: string[] }[] = [{ id: 'intro', title: '', lines: [] }];
  for (const line of lines) {
    if (line.startsWith('## ')) {
      const m = SECTION.exec(line);
      if (!m) throw new Error(`A legal section heading needs an id: ${line}`);
      const [, title, id] = m as unknown as [string, string, string];
      if (parts.some((p) => p.id === id)) throw new Error(`Duplicate legal section id: ${id}`);
      parts.push({ id, title: title.replace(/\\(.)/g, '$1'), lines: [] });
    } else if (/^#\s/.test(line)) {
      throw new Error(`A legal text has no level-1 heading (the page has it): ${line}`);
    } else parts.at(-1)!.lines.push(line);
  }
  const render = (p: (typeof parts)[number]) =>
    md.render(p.lines.join('\n'), { prefix: p.id, seen: new Set<string>() } satisfies RenderEnv);
  const [intro, ...sections] = parts;
  return { intro: render(intro!), sections: sections.map((s) => ({ id: s.id, title: s.title, html: render(s) })) };
}
