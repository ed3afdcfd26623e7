import { PageError } from '../lib/page-error';
import type { TemplateProps } from './types';

// Pages of one record (an offer, a certification). Until the marketplace issue adds their pages, every
// slug is unknown and answers with its dedicated not-found screen.
const slugOf = (p: TemplateProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');

export function OfferPage(p: TemplateProps): never {
  throw new PageError(404, `Offer not found: ${slugOf(p)}`, { offerId: slugOf(p) });
}

export function CertificationPage(p: TemplateProps): never {
  throw new PageError(404, `Certification not found: ${slugOf(p)}`, { certification: slugOf(p) });
}
