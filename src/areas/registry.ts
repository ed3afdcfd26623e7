import 'server-only';
import type { RouteId } from '../routes';
import { accountRoutes } from './account/routes';
import { alertRoutes } from './alerts/routes';
import { contentRoutes } from './content/routes';
import { hireRoutes } from './hire/routes';
import { jobsRoutes } from './jobs/routes';
import { learningRoutes } from './learning/routes';
import { matchRoutes } from './match/routes';
import { notificationRoutes } from './notifications/routes';
import { offerRoutes } from './offers/routes';
import { operatorRoutes } from './operators/routes';
import type { AreaDeps, RouteModule } from './route-module';
import { toolsRoutes } from './tools/routes';

export type Registry = Record<RouteId, RouteModule>;

/** Every route's module, from the areas. Typed as a full record: a route without a page fails to compile. */
export function createRegistry(deps: AreaDeps): Registry {
  const areas = [
    accountRoutes(deps),
    contentRoutes(deps),
    hireRoutes(deps),
    matchRoutes(deps),
    offerRoutes(deps),
    jobsRoutes(deps),
    toolsRoutes(deps),
    learningRoutes(deps),
    notificationRoutes(deps),
    alertRoutes(deps),
    operatorRoutes(deps),
  ] as const;
  const [account, content, hire, match, offers, jobs, tools, learning, notifications, alerts, operators] = areas;
  const registry = {
    ...account,
    ...content,
    ...hire,
    ...match,
    ...offers,
    ...jobs,
    ...tools,
    ...learning,
    ...notifications,
    ...alerts,
    ...operators,
  } satisfies Registry;
  // Two areas claiming one route would silently drop a page: refuse to start instead.
  const claimed = areas.flatMap((a) => Object.keys(a));
  const twice = claimed.filter((id, i) => claimed.indexOf(id) !== i);
  if (twice.length) throw new Error(`Routes claimed by two areas: ${twice.join(', ')}`);
  return registry;
}
