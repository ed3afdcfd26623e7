import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createOperatorActions } from './operator-actions';
import { operatorAuditPage, operatorPage, operatorVerifyPage } from './operator-pages';
import { createModerationAction } from './moderation-actions';
import { operatorModerationPage } from './moderation-page';

// The operator area (decision 070): the dashboard, the second step of an operator's sign-in, the audit log.
export function operatorRoutes(deps: AreaDeps) {
  const actions = createOperatorActions(deps);
  return {
    operator: { page: operatorPage(deps), action: actions.dashboard },
    operatorVerify: { page: operatorVerifyPage(deps), action: actions.verify },
    operatorAudit: { page: operatorAuditPage(deps) },
    operatorModeration: { page: operatorModerationPage(deps), action: createModerationAction(deps) },
  } satisfies AreaRoutes;
}
