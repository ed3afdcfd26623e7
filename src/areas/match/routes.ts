import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { matchPage } from './match-page';
import { createTalentProfileAction } from './profile-actions';
import { matchPlatformPage, talentProfilePage } from './profile-pages';

// The candidate side: its landing (/match), the workspace and the public profile with its owner's editor.
export function matchRoutes(deps: AreaDeps) {
  return {
    match: { page: matchPage(deps) },
    matchPlatform: { page: matchPlatformPage(deps) },
    talentProfile: { page: talentProfilePage(deps), action: createTalentProfileAction(deps) },
  } satisfies AreaRoutes;
}
