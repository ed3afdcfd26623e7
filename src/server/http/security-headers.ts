import 'server-only';
import { randomBytes } from 'node:crypto';

// Security headers for every response. A page's inline scripts are allowed by hash when every visitor gets the
// page (decision 064: inline-scripts.ts), else by a nonce of its own (docs/waku-notes.md); everything else gets
// a policy without inline scripts at all.
export const newNonce = () => randomBytes(16).toString('base64');

export type CspOptions = {
  nonce?: string;
  /** CSP sources of the inline scripts allowed by hash (`'sha256-…'`). */
  hashes?: string[];
  frameable?: boolean;
  connectSrc?: string[];
  dev?: boolean;
  hsts?: boolean;
};

function contentSecurityPolicy({ nonce, hashes = [], frameable, connectSrc = [], dev }: CspOptions): string {
  const script = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes, ...(dev ? ["'unsafe-inline'", "'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // React renders style attributes (the loading bar's transform), and the build's stylesheet is inline in
    // each page's head (inline-css.ts: our own build file, never request data).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSrc, ...(dev ? ['ws:', 'wss:'] : [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

export function securityHeaders(opts: CspOptions): [string, string][] {
  const h: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy(opts)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (!opts.frameable) h.push(['x-frame-options', 'DENY']);
  // Only when the site is served over HTTPS: browsers ignore it on plain HTTP anyway.
  if (opts.hsts) h.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return h;
}

const BOT =
  /bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|lighthouse|googlebot|yandex|baiduspider|duckduckbot/i;
/** Search-engine and preview bots get error statuses with no error page body (docs/product-rules.md). */
export const isBot = (userAgent: string | null | undefined) => !!userAgent && BOT.test(userAgent);
