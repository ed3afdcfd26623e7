import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createAlertActions } from './alert-actions';
import { alertConfirmPage, alertManagePage, alertNewPage, alertUnsubscribePage } from './alert-pages';

// Job alerts: the page a job search links to, and the tokened pages of the alert emails.
export function alertRoutes(deps: AreaDeps) {
  const actions = createAlertActions(deps);
  return {
    alertNew: { page: alertNewPage(), action: actions.alertNew },
    alertConfirm: { page: alertConfirmPage(deps), action: actions.alertConfirm },
    alertManage: { page: alertManagePage(deps), action: actions.alertManage },
    alertUnsubscribe: { page: alertUnsubscribePage(deps), action: actions.alertUnsubscribe, post: actions.oneClick },
  } satisfies AreaRoutes;
}
