import { PageError } from '../../domain/page-error';
import type { PageProps } from '../../server/render/page-types';

// Pages of one record that have no data yet (certifications): every slug is unknown and answers with its
// dedicated not-found screen. The offer page lives in offer-page.tsx.
const slugOf = (p: PageProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');

export function CertificationPage(p: PageProps): never {
  throw new PageError(404, `Certification not found: ${slugOf(p)}`, { certification: slugOf(p) });
}
