// A message's links made clickable: pure, with no imports, because the conversation's client island renders
// messages too (content pages have a JS budget: the message rules' zod stays on the server).
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"»”’)\]}]+$/;

/** Trailing punctuation belongs to the sentence, except a closing bracket the link itself opened. */
function trimLink(s: string): string {
  let out = s;
  for (;;) {
    const m = TRAILING.exec(out);
    if (!m) return out;
    let cut = m[0];
    // Keep a ')' or ']' whose opener is inside the link (Wikipedia-style links).
    while (cut.length) {
      const last = cut.at(-1)!;
      const open = last === ')' ? '(' : last === ']' ? '[' : last === '}' ? '{' : null;
      if (!open) break;
      const body = out.slice(0, out.length - cut.length + 1);
      if (body.split(open).length - 1 >= body.split(last).length - 1) cut = cut.slice(0, -1);
      else break;
    }
    if (!cut.length) return out;
    out = out.slice(0, out.length - cut.length);
    if (!TRAILING.test(out)) return out;
  }
}

/** A message's text cut into plain runs and http(s) links (the parts keep every character, in order). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index;
    const raw = trimLink(m[0]);
    let href: string | null = null;
    try {
      const u = new URL(raw);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname) href = u.href;
    } catch {
      href = null;
    }
    if (!href || raw.length <= 'https://'.length) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: raw, href });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
