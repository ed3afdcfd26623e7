import type { AreaDeps } from '../areas/route-module';
import { parseConfig } from '../server/config';

const unused = (name: string) => () => {
  throw new Error(`${name} is not used by this test`);
};

/**
 * The areas' dependencies for a test: the services it gives, and for every other one a stand-in that
 * throws when called (building routes and pages must not call any).
 */
export function areaDeps(given: Partial<AreaDeps> = {}): AreaDeps {
  return {
    auth: unused('auth'),
    profiles: unused('profiles'),
    profileHistory: unused('profileHistory'),
    hiring: unused('hiring'),
    applications: unused('applications'),
    screening: unused('screening'),
    savedOffers: unused('savedOffers'),
    contributions: unused('contributions'),
    jobs: unused('jobs'),
    learning: unused('learning'),
    meetings: unused('meetings'),
    messages: unused('messages'),
    interviews: unused('interviews'),
    team: unused('team'),
    alerts: unused('alerts'),
    salaries: unused('salaries'),
    marketplace: unused('marketplace'),
    notifications: unused('notifications'),
    operators: unused('operators'),
    dataExports: unused('dataExports'),
    moderation: unused('moderation'),
    evaluateFlags: unused('evaluateFlags'),
    oauth: { providers: {} },
    signingKey: unused('signingKey'),
    config: parseConfig({}),
    ...given,
  };
}
