import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createNotificationActions } from './notification-actions';
import { emailUnsubscribePage, notificationOpenPage, notificationPreferencesPage, notificationsPage } from './notification-pages';

// Notifications: the bell's page, opening one, the email preferences and the unsubscribe link of emails.
export function notificationRoutes(deps: AreaDeps) {
  const actions = createNotificationActions(deps);
  return {
    notifications: { page: notificationsPage(deps), action: actions.list },
    notificationOpen: { page: notificationOpenPage(deps) },
    notificationPreferences: { page: notificationPreferencesPage(deps), action: actions.preferences },
    emailUnsubscribe: { page: emailUnsubscribePage(deps), action: actions.unsubscribe, post: actions.oneClick },
  } satisfies AreaRoutes;
}
