import { describe, expect, it } from 'vitest';
import { routeDef, routeIds } from '../routes';
import { areaDeps } from '../testing/area-deps';
import { createRegistry } from './registry';

// The route table holds the paths; the registry holds what each route does. Built from services that throw
// when called: building the registry (its pages included) must not touch them.
const registry = createRegistry(areaDeps());

describe('the route registry', () => {
  it('has a page for every route of the table, and nothing else', () => {
    expect(Object.keys(registry).sort()).toEqual([...routeIds].sort());
    for (const id of routeIds) expect(typeof registry[id].page, id).toBe('function');
  });

  it('has an action exactly for the routes the table says post a form', () => {
    const withAction = routeIds.filter((id) => registry[id].action).sort();
    const formRoutes = routeIds.filter((id) => routeDef(id).form).sort();
    expect(withAction).toEqual(formRoutes);
  });

  it("answers GETs before the page only for the job searches, the signed certificate, the CV, data exports, old applicant links and the operators' CSV exports (sign-out asks first)", () => {
    expect(routeIds.filter((id) => registry[id].get).sort()).toEqual([
      'account',
      'certification',
      'countryJobs',
      'hireSite',
      'jobs',
      'operatorLeads',
      'talentCv',
    ]);
  });
});
