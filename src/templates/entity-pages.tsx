import { PageError } from '../lib/page-error';
import type { TemplateProps } from './types';

// Pages of one record that have no data yet (certifications): every slug is unknown and answers with its
// dedicated not-found screen. The offer page lives in offer-page.tsx.
const slugOf = (p: TemplateProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');

export function CertificationPage(p: TemplateProps): never {
  throw new PageError(404, `Certification not found: ${slugOf(p)}`, { certification: slugOf(p) });
}
