import 'server-only';
import type { Locale } from '../../i18n/locales';

// Every transactional email is one layout in two parts: HTML in the product's look (a text wordmark, no
// images, so it reads the same with images blocked; colours that hold in light and dark mail clients) and
// the same words as plain text. Everything that comes from people (names, titles, messages) is escaped here.
type EmailLink = { label: string; url: string };
export type EmailContent = {
  locale: Locale;
  brand: string;
  /** The line mail clients show after the subject. */
  preheader?: string;
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Words quoted from a person (a message's first lines). */
  quote?: string;
  /** The one thing to do. */
  action?: EmailLink;
  /** A list of items with a link each (a digest, job alerts). */
  items?: { title: string; detail?: string; url: string }[];
  footer: {
    /** Why this message came (the account, the alert). */
    reason: string;
    preferences?: EmailLink;
    unsubscribe?: EmailLink;
  };
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
/** A URL for an href: only http(s) survives (anything else becomes '#'). */
const safeUrl = (u: string): string => (/^https?:\/\//i.test(u) ? escapeHtml(u) : '#');

const C = {
  bg: '#f8fafc',
  card: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  primary: '#7e22ce',
  onPrimary: '#ffffff',
};
// Mail clients that follow the reader's dark mode read this block; the others keep the light colours, which
// pass contrast on their own.
const DARK = `@media (prefers-color-scheme: dark){.bg{background:#0f172a!important}.card{background:#1e293b!important;border-color:#334155!important}.text{color:#f8fafc!important}.muted{color:#94a3b8!important}.btn{background:#c084fc!important;color:#0f172a!important}.link{color:#d8b4fe!important}.quote{border-color:#c084fc!important}}`;

const FONT = `font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

export function renderEmail(c: EmailContent): { html: string; text: string } {
  const p = (s: string) =>
    `<p class="text" style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${C.text}">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const quote = c.quote
    ? `<blockquote class="quote text" style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${C.primary};${FONT};font-size:16px;line-height:24px;color:${C.text}">${escapeHtml(c.quote).replace(/\n/g, '<br>')}</blockquote>`
    : '';
  const items = c.items?.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${c.items
        .map(
          (i) =>
            `<li style="margin:0 0 12px;${FONT};font-size:16px;line-height:24px"><a class="link" href="${safeUrl(i.url)}" style="color:${C.primary};font-weight:600">${escapeHtml(i.title)}</a>${
              i.detail ? `<br><span class="muted" style="color:${C.muted};font-size:14px">${escapeHtml(i.detail)}</span>` : ''
            }</li>`,
        )
        .join('')}</ul>`
    : '';
  const action = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td><a class="btn" href="${safeUrl(c.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${C.primary};color:${C.onPrimary};${FONT};font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(c.action.label)}</a></td></tr></table>`
    : '';
  const footLinks = [c.footer.preferences, c.footer.unsubscribe]
    .filter((l): l is EmailLink => !!l)
    .map((l) => `<a class="link" href="${safeUrl(l.url)}" style="color:${C.muted};text-decoration:underline">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  const html = `<!doctype html>
<html lang="${c.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(c.heading)}</title><style>${DARK}</style></head>
<body class="bg" style="margin:0;padding:0;background:${C.bg}">
${c.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(c.preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="bg" style="background:${C.bg}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;${FONT};font-size:20px;font-weight:700;color:${C.primary}" class="link">${escapeHtml(c.brand)}</td></tr>
<tr><td class="card" style="background:${C.card};border:1px solid ${C.border};border-radius:12px;padding:24px">
<h1 class="text" style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;color:${C.text}">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map(p).join('\n')}
${quote}${items}${action}
</td></tr>
<tr><td class="muted" style="padding:16px 4px;${FONT};font-size:13px;line-height:20px;color:${C.muted}">${escapeHtml(c.footer.reason)}${footLinks ? `<br>${footLinks}` : ''}</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((s) => [s, '']),
    ...(c.quote ? [c.quote.replace(/^/gm, '> '), ''] : []),
    ...(c.items ?? []).flatMap((i) => [`- ${i.title}${i.detail ? ` (${i.detail})` : ''}`, `  ${i.url}`]),
    ...(c.items?.length ? [''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    '--',
    c.footer.reason,
    ...[c.footer.preferences, c.footer.unsubscribe].filter((l): l is EmailLink => !!l).map((l) => `${l.label}: ${l.url}`),
  ].join('\n');
  return { html, text };
}

/**
 * The headers of a non-essential message (RFC 8058): mail providers show an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the https URL, no sign-in needed (the URL carries a signed token).
 */
export const oneClickHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
