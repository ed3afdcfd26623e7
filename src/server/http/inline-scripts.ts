import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { COLOR_MODE_STEP } from '../../domain/color-mode';
import { CONSENT_SCRIPT } from '../../domain/consent';
import { SESSION_HINT_STEP } from '../../domain/session-hint';
import { WEB_FONT_STEP } from '../../domain/web-font';

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
const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const OWN = new Set([HEAD_SCRIPT, CONSENT_SCRIPT].map(scriptHash));

/** A secret for one render: hex, so it appears in the HTML exactly as made (no attribute escaping). */
export const newScriptMark = () => randomBytes(16).toString('hex');

// Inline script elements as the HTML parser ends them (the first `</script`). React escapes `<` in text and
// attributes, and the framework escapes `</script` inside its data, so a match is a real element.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const SRC = /\ssrc\s*=/i;

/**
 * The page's HTML without the mark, and the hashes of the inline scripts to allow: those that carried the
 * mark and our own constant ones, in order, once each.
 */
export function sealInlineScripts(html: string, mark: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>();
  const markAttr = ` nonce="${mark}"`;
  const out = html.replace(SCRIPT, (whole: string, attrs: string, text: string) => {
    const marked = attrs.includes(markAttr);
    // A script file is allowed by 'self' already.
    if (!SRC.test(attrs)) {
      // The browser hashes the text after its parser has normalised line breaks.
      const hash = scriptHash(text.replace(/\r\n?/g, '\n'));
      if (marked || OWN.has(hash)) hashes.add(hash);
    }
    // The attributes come first: the first occurrence is the mark itself.
    return marked ? whole.replace(markAttr, '') : whole;
  });
  return { html: out, hashes: [...hashes] };
}
