import type { Params } from './route-patterns';
import type { RouteDef } from './routes';

// The operators' sections' routes (decision 074), spread into the route table in src/routes.ts (kept apart so
// that file stays under the line limit as the sections come). Like the rest of the operator area: never
// indexed, never cached, 404 for anyone but an operator past the second step.
const op = (es: string, en: string, opts: { form?: true; validate?: (p: Params) => boolean; sample?: Params } = {}): RouteDef => ({
  es,
  en,
  layout: 'default',
  access: 'operator',
  indexable: false,
  ...opts,
});
const idParam = (p: Params) => typeof p.id === 'string' && /^[1-9][0-9]{0,9}$/.test(p.id) && Number(p.id) <= 2_147_483_647;

export const operatorSectionRoutes = {
  /** The moderation queue (decision 071). */
  operatorModeration: op('/operador/moderacion', '/en/operator/moderation', { form: true }),
  operatorAccounts: op('/operador/cuentas', '/en/operator/accounts'),
  operatorAccount: op('/operador/cuentas/[id]', '/en/operator/accounts/[id]', { form: true, validate: idParam, sample: { id: '1' } }),
  operatorCertificates: op('/operador/certificados', '/en/operator/certificates', { form: true }),
  operatorLeads: op('/operador/leads', '/en/operator/leads'),
  /** Salary data: sources, outliers, removal with a reason (decision 075). */
  operatorSalaries: op('/operador/salarios', '/en/operator/salaries', { form: true }),
};
