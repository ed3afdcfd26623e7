import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createTalentProfileAction } from './profile-actions';
import { MatchPlatformPage, TalentProfilePage } from './profile-pages';

// The candidate side: the workspace and the public profile with its owner's editor.
export function matchRoutes(deps: AreaDeps) {
  return {
    matchPlatform: { page: MatchPlatformPage },
    talentProfile: { page: TalentProfilePage, action: createTalentProfileAction(deps) },
  } satisfies AreaRoutes;
}
