import MarkdownIt from 'markdown-it';

// Offer descriptions are Markdown written by companies (decision 005). Rendered here, on the server for
// the offer page and in the browser for the form's preview, with one configuration:
// - raw HTML is never passed through (markdown-it escapes it), so no script, style or iframe can get in;
// - link targets go through markdown-it's validateLink (no javascript:, vbscript:, file: or data:) and
//   only http(s) and mailto are kept; links are marked nofollow/ugc and open in a new tab safely;
// - images are not rendered (a description must not make readers' browsers call other hosts);
// - headings are moved under the page's own: the levels a text uses become h3, h4, ... in order, with no
//   level skipped ("## Requisitos" alone is an h3 under the page's h2, not an h4).
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.disable(['image']);

const SAFE_LINK = /^(https?:|mailto:)/i;
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url: string) => defaultValidate(url) && SAFE_LINK.test(url.trim());

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.attrSet('rel', 'nofollow ugc noopener noreferrer');
  token.attrSet('target', '_blank');
  return self.renderToken(tokens, idx, options);
};
type HeadingEnv = { levels?: Map<number, number> };
md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${(env as HeadingEnv | undefined)?.levels?.get(Number(token.tag.slice(1))) ?? 6}`;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
  const open = tokens
    .slice(0, idx)
    .reverse()
    .find((t) => t.type === 'heading_open');
  tokens[idx]!.tag = open?.tag ?? tokens[idx]!.tag;
  return self.renderToken(tokens, idx, options);
};

// Code blocks scroll sideways on phones: a scrollable region must be reachable by keyboard (tabindex).
for (const rule of ['fence', 'code_block'] as const) {
  const base = md.renderer.rules[rule]!;
  md.renderer.rules[rule] = (tokens, idx, options, env, self) =>
    base(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
}

/** Safe HTML for a Markdown text (see the rules above). `base`: the level its top headings take (the
 * page's own headings above it end at base - 1). */
export function renderMarkdown(text: string, base = 3): string {
  const env: HeadingEnv = {};
  const tokens = md.parse(text, env);
  const used = [...new Set(tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag.slice(1))))].sort((a, b) => a - b);
  env.levels = new Map(used.map((level, rank) => [level, Math.min(6, base + rank)]));
  return md.renderer.render(tokens, md.options, env);
}

/** The text of a Markdown document without its markup (meta descriptions, feeds, structured data). */
export function markdownToText(text: string, max = 300): string {
  const plain = md
    .render(text)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
