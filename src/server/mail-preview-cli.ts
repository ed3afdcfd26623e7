import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { NOTIFICATION_KINDS, type NotificationKind } from '../domain/notifications';
import { locales } from '../i18n/locales';
import { escapeHtml } from './email/render';
import { runCommand } from './run-command';
import { alertMail } from './alerts/alert-emails';
import type { JobCard } from './offers/job-search-service';
import { composeDigest, composeInstant } from './notifications/compose';
import type { NoticeData } from './notifications/texts';

// `npm run mail:preview [dir]`: every notification and job alert email, in both languages, as the files a mail client
// would show (HTML, and the plain text beside it), plus an index page. Nothing is sent and no database is
// opened: the sample people and offers below are made up.
const SAMPLES: Record<NotificationKind, NoticeData> = {
  'application-new': { offer: 'Backend Developer (Go)', candidate: 'Ana García', company: 'Andes Digital' },
  'application-status': { offer: 'Backend Developer (Go)', company: 'Andes Digital', status: 'technical-interview' },
  'application-withdrawn': { offer: 'Backend Developer (Go)', candidate: 'Ana García', company: 'Andes Digital' },
  message: {
    from: 'Andes Digital',
    offer: 'Backend Developer (Go)',
    preview: '¡Hola Ana! Gracias por postular. ¿Tienes 30 minutos el jueves para una primera conversación? https://meet.example/abc',
  },
  invitation: { company: 'Andes Digital', offer: 'Frontend React', preview: 'Vimos tu perfil certificado y nos encantaría conversar.' },
  'invitation-answer': { candidate: 'Ana García', accepted: false },
  interview: {
    event: 'confirmed',
    company: 'Andes Digital',
    offer: 'Backend Developer (Go)',
    at: '2026-12-03T15:00:00.000Z',
    timeZone: 'America/Lima',
  },
  'interview-answer': {
    event: 'picked',
    candidate: 'Ana García',
    offer: 'Backend Developer (Go)',
    at: '2026-12-03T15:00:00.000Z',
    timeZone: 'America/Lima',
  },
  'interview-reminder': {
    event: 'reminder',
    company: 'Andes Digital',
    candidate: 'Ana García',
    offer: 'Backend Developer (Go)',
    at: '2026-12-03T15:00:00.000Z',
    timeZone: 'America/Lima',
  },
};

const offer = (id: number, title: string, company: string, max: number): JobCard => ({
  id,
  slug: `preview-offer-${id}`,
  title,
  area: 'tech',
  role: 'backend',
  seniority: 'senior',
  english: null,
  modality: 'remote-global',
  country: 'peru',
  city: 'Lima',
  employmentType: 'full-time',
  allowedCountries: [],
  skills: [],
  salary: { min: max * 0.8, max, currency: 'PEN', period: 'month', gross: true, usdMonthMin: 0, usdMonthMax: 0 },
  company: { name: company, slug: 'andes-digital', logo: null },
  description: '',
  publishedAt: new Date(),
  validThrough: null,
  isDemo: false,
});
const SAMPLE_OFFERS = [
  offer(1, 'Backend Developer (Node.js)', 'Andes Digital', 12000),
  offer(2, 'Senior Backend (Go)', 'Pacífico Tech', 15000),
];

export async function main(args: string[]): Promise<number> {
  const dir = resolve(args[0] ?? 'mail-preview');
  await mkdir(dir, { recursive: true });
  const site = { brand: process.env.BRAND_NAME ?? 'Tandem', siteUrl: process.env.SITE_URL ?? 'http://localhost:3000' };
  const token = 'preview.unsubscribe.token';
  const files: { name: string; subject: string }[] = [];
  const alerts = alertMail({ secret: 'preview-secret', siteUrl: site.siteUrl, brand: site.brand });
  const search = { country: 'peru' as const, filters: ['backend', 'remote-global'], q: 'node' };
  const write = async (name: string, email: { subject: string; text: string; html?: string; headers?: Record<string, string> }) => {
    await writeFile(join(dir, `${name}.html`), email.html ?? '');
    const head = Object.entries(email.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
    await writeFile(join(dir, `${name}.txt`), [`Subject: ${email.subject}`, ...head, '', email.text, ''].join('\n'));
    files.push({ name, subject: email.subject });
  };
  for (const locale of locales) {
    const reader = { name: 'Ana', email: 'ana@example.com', locale };
    for (const [i, kind] of NOTIFICATION_KINDS.entries())
      await write(`${locale}-${kind}`, composeInstant(site, reader, { id: i + 1, kind, data: SAMPLES[kind] }, token));
    await write(
      `${locale}-digest`,
      composeDigest(
        site,
        reader,
        NOTIFICATION_KINDS.map((kind, i) => ({ id: i + 1, kind, data: SAMPLES[kind] })),
        token,
      ),
    );
    const expires = new Date(Date.now() + 48 * 3600_000);
    await write(`${locale}-alert-confirm`, alerts.confirmation('ana@example.com', search, locale, 'preview-confirm-token-0001', expires));
    await write(
      `${locale}-alert-offers`,
      alerts.digest({ to: 'ana@example.com', search, locale, manageNonce: 'nonce-m', unsubscribeNonce: 'nonce-u' }, SAMPLE_OFFERS, 23),
    );
  }
  const index = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email previews</title></head><body><h1>Email previews</h1><ul>${files
    .map((f) => `<li><a href="${f.name}.html">${escapeHtml(f.name)}</a> (<a href="${f.name}.txt">text</a>): ${escapeHtml(f.subject)}</li>`)
    .join('')}</ul></body></html>`;
  await writeFile(join(dir, 'index.html'), index);
  console.log(`${files.length} emails written to ${dir} (open ${join(dir, 'index.html')})`);
  return 0;
}

if (import.meta.main) await runCommand({ main });
