import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createAccountActions } from './account-actions';
import { confirmEmailPage, ForgotPasswordPage, loginPage, LogoutPage, resetPasswordPage, signUpPage } from './account-pages';
import { createLogoutRoutes } from './logout-actions';
import { createAccountSettingsActions } from './settings-actions';
import { accountEmailConfirmPage, accountEmailUndoPage, accountPage } from './settings-pages';
import { createAccountDeletionAction } from './deletion-actions';
import { accountDeletePage } from './deletion-pages';
import { createDataExportGet } from './data-export-pages';

// Accounts: sign-in, candidate sign-up, password reset, email confirmation, sign-out and the account's settings
// (a new password or email, with the pages of the emailed links; "download my data") (the company sign-up,
// /hire/empezar-ahora, is the hire area's).
export function accountRoutes(deps: AreaDeps) {
  const actions = createAccountActions(deps);
  const logout = createLogoutRoutes(deps);
  const settings = createAccountSettingsActions(deps);
  return {
    login: { page: loginPage(deps), action: actions.login },
    signUp: { page: signUpPage(deps), action: actions.signUp },
    forgotPassword: { page: ForgotPasswordPage, action: actions.forgotPassword },
    resetPassword: { page: resetPasswordPage(deps), action: actions.resetPassword },
    confirmEmail: { page: confirmEmailPage(deps), action: actions.confirmEmail },
    logout: { page: LogoutPage, action: logout.action },
    account: { page: accountPage(deps), action: settings.account, get: createDataExportGet(deps) },
    accountEmailConfirm: { page: accountEmailConfirmPage(deps), action: settings.confirm },
    accountEmailUndo: { page: accountEmailUndoPage(deps), action: settings.undo },
    accountDelete: { page: accountDeletePage, action: createAccountDeletionAction(deps) },
  } satisfies AreaRoutes;
}
