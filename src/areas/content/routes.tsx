import 'server-only';
import type { AreaRoutes } from '../route-module';
import { HomePage } from './home-page';
import { MatchPage } from './match-page';
import { legalPage } from './legal-page';
import { PrivacyCookies } from './privacy-cookies';

// The home page, the candidate side's landing and the legal texts: pages of copy and links, no forms.
export function contentRoutes() {
  return {
    home: { page: HomePage },
    match: { page: MatchPage },
    privacy: { page: legalPage('privacy', { related: ['termsB2c', 'terms'], extra: { cookies: (p) => <PrivacyCookies {...p} /> } }) },
    terms: { page: legalPage('terms', { related: ['privacy', 'termsB2c', 'termsBlackNovember'] }) },
    termsB2c: { page: legalPage('termsB2c', { related: ['privacy', 'terms'] }) },
    termsBlackNovember: { page: legalPage('termsBlackNovember', { related: ['terms', 'privacy'] }) },
  } satisfies AreaRoutes;
}
