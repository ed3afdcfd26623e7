import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { homePage } from './home-page';
import { legalPage } from './legal-page';
import { PrivacyCookies } from './privacy-cookies';

// The home page and the legal texts: pages of copy and links, no forms.
export function contentRoutes(deps: Pick<AreaDeps, 'marketplace' | 'salaries' | 'jobs'>) {
  return {
    home: { page: homePage(deps) },
    privacy: { page: legalPage('privacy', { related: ['termsB2c', 'terms'], extra: { cookies: (p) => <PrivacyCookies {...p} /> } }) },
    terms: { page: legalPage('terms', { related: ['privacy', 'termsB2c', 'termsBlackNovember'] }) },
    termsB2c: { page: legalPage('termsB2c', { related: ['privacy', 'terms'] }) },
    termsBlackNovember: { page: legalPage('termsBlackNovember', { related: ['terms', 'privacy'] }) },
  } satisfies AreaRoutes;
}
