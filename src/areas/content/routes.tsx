import 'server-only';
import type { AreaRoutes } from '../route-module';
import { contentPage } from './content-page';
import { HomePage } from './home-page';
import { PrivacyCookies } from './privacy-cookies';

// The home page, the candidate side's landing and the legal texts: pages of copy and links, no forms.
export function contentRoutes() {
  return {
    home: { page: HomePage },
    match: {
      page: contentPage({ primary: { id: 'jobs', key: 'home.ctaMatch' }, related: ['matchCourses', 'freeCourse', 'calculator', 'signUp'] }),
    },
    privacy: { page: contentPage({ related: ['terms', 'termsB2c'], body: (p) => <PrivacyCookies {...p} /> }) },
    terms: { page: contentPage({ related: ['privacy', 'termsB2c'] }) },
    termsB2c: { page: contentPage({ related: ['privacy', 'terms'] }) },
    termsBlackNovember: { page: contentPage({ related: ['terms', 'privacy'] }) },
  } satisfies AreaRoutes;
}
