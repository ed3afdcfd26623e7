import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createOperatorActions } from './operator-actions';
import { operatorAuditPage, operatorPage, operatorVerifyPage } from './operator-pages';
import { createModerationAction } from './moderation-actions';
import { operatorModerationPage } from './moderation-page';
import { operatorAccountPage, operatorAccountsPage } from './accounts-pages';
import { operatorCertificatesPage, operatorLeadsPage } from './certificates-leads-pages';
import { createLeadsCsvGet } from './leads-csv-get';
import { createSectionActions } from './section-actions';
import { operatorSalariesPage } from './salaries-page';
import { createSalariesAction } from './salaries-action';

// The operator area (decision 070): the dashboard, the second step of an operator's sign-in, the audit log;
// its sections (decision 074): accounts, certificates, leads and meetings; salary data (decision 075).
export function operatorRoutes(deps: AreaDeps) {
  const actions = createOperatorActions(deps);
  const sections = createSectionActions(deps);
  return {
    operator: { page: operatorPage(deps), action: actions.dashboard },
    operatorVerify: { page: operatorVerifyPage(deps), action: actions.verify },
    operatorAudit: { page: operatorAuditPage(deps) },
    operatorModeration: { page: operatorModerationPage(deps), action: createModerationAction(deps) },
    operatorAccounts: { page: operatorAccountsPage(deps) },
    operatorAccount: { page: operatorAccountPage(deps), action: sections.account },
    operatorCertificates: { page: operatorCertificatesPage(deps), action: sections.certificates },
    operatorLeads: { page: operatorLeadsPage(deps), get: createLeadsCsvGet(deps) },
    operatorSalaries: { page: operatorSalariesPage(deps), action: createSalariesAction(deps) },
  } satisfies AreaRoutes;
}
