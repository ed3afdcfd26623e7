import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { COLOR_MODE_STEP } from '../../domain/color-mode';
import { CONSENT_SCRIPT } from '../../domain/consent';
import { SESSION_HINT_STEP } from '../../domain/session-hint';
import { WEB_FONT_STEP } from '../../domain/web-font';
import { asBuffer, isWordByte } from './page-bytes';

// Pages every visitor gets carry no nonce (decision 064): their inline scripts are allowed by hash, so the
// bytes and the policy are a function of the page alone, the same on every worker and instance. Only scripts
// known to be ours are hashed, never whatever `<script>` the HTML happens to hold: the framework's carry a
// per-render secret mark (given to it as its nonce, taken out here), and the document head's are constants.
// An injected script has neither and stays blocked, as it would be under a nonce.

/**
 * The document head's script (root.tsx): constant text, so its hash is known before any render. One function
 * for the three steps, each behind its own try: every byte of it is in the content pages' JS budget.
 */
export const HEAD_SCRIPT = `(function(d){${COLOR_MODE_STEP}${WEB_FONT_STEP}${SESSION_HINT_STEP}})(document.documentElement);`;
export { CONSENT_SCRIPT };

/** A CSP source for an inline script's text (CSP3: SHA-256 of its UTF-8 text, in base64). */
const scriptHash = (text: string | Uint8Array) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const OWN = new Set([HEAD_SCRIPT, CONSENT_SCRIPT].map(scriptHash));

/** A secret for one render: hex, so it appears in the HTML exactly as made (no attribute escaping). */
export const newScriptMark = () => randomBytes(16).toString('hex');

// Inline script elements as the HTML parser ends them (the first `</script`, in any case). React escapes `<`
// in text and attributes, and the framework escapes `</script` inside its data, so a match is a real element.
// The page is read as bytes, never as one string: a page is hundreds of kB, and a string that size is made
// in V8's old generation at once, where only a full collection frees it (one a second in each worker when
// pages were rendered again every second).
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const CR = 0x0d;
const SCRIPT_NAME = Buffer.from('script');
const SRC = /\ssrc\s*=/i;

/** Whether `name` (lower case) is at `at` in `b`, in any case. */
function nameAt(b: Buffer, at: number, name: Buffer): boolean {
  if (at + name.length > b.length) return false;
  for (let i = 0; i < name.length; i++) if ((b[at + i]! | 0x20) !== name[i]) return false;
  return true;
}

/** Where the next `<script` opening tag starts at or after `from`, or -1. */
function scriptStart(b: Buffer, from: number): number {
  for (let at = b.indexOf(LT, from); at !== -1; at = b.indexOf(LT, at + 1))
    if (nameAt(b, at + 1, SCRIPT_NAME) && !isWordByte(b[at + 1 + SCRIPT_NAME.length])) return at;
  return -1;
}

/** Where the next `</script` starts at or after `from`, or -1. */
function scriptEnd(b: Buffer, from: number): number {
  for (let at = b.indexOf(LT, from); at !== -1; at = b.indexOf(LT, at + 1))
    if (b[at + 1] === SLASH && nameAt(b, at + 2, SCRIPT_NAME)) return at;
  return -1;
}

/**
 * The page's HTML without the mark, and the hashes of the inline scripts to allow: those that carried the
 * mark and our own constant ones, in order, once each.
 */
export function sealInlineScripts(html: Uint8Array, mark: string): { html: Uint8Array; hashes: string[] } {
  const b = asBuffer(html);
  const hashes = new Set<string>();
  const markAttr = ` nonce="${mark}"`;
  const parts: Uint8Array[] = [];
  let copied = 0;
  for (let at = scriptStart(b, 0); at !== -1;) {
    const attrsFrom = at + 1 + SCRIPT_NAME.length;
    const close = b.indexOf(GT, attrsFrom);
    const end = close === -1 ? -1 : scriptEnd(b, close + 1);
    if (end === -1) break;
    const attrs = b.toString('utf8', attrsFrom, close);
    const marked = attrs.includes(markAttr);
    // A script file is allowed by 'self' already.
    if (!SRC.test(attrs)) {
      // The browser hashes the text after its parser has normalised line breaks.
      const text = b.subarray(close + 1, end);
      const hash = scriptHash(text.includes(CR) ? text.toString('utf8').replace(/\r\n?/g, '\n') : text);
      if (marked || OWN.has(hash)) hashes.add(hash);
    }
    if (marked) {
      // The attributes come first: the first occurrence is the mark itself.
      const markAt = attrsFrom + Buffer.byteLength(attrs.slice(0, attrs.indexOf(markAttr)));
      parts.push(b.subarray(copied, markAt));
      copied = markAt + markAttr.length;
    }
    at = scriptStart(b, end + 2 + SCRIPT_NAME.length);
  }
  if (!parts.length) return { html, hashes: [...hashes] };
  parts.push(b.subarray(copied));
  return { html: Buffer.concat(parts), hashes: [...hashes] };
}
