import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createAccountActions } from './account-actions';
import { confirmEmailPage, ForgotPasswordPage, loginPage, LogoutPage, resetPasswordPage, signUpPage } from './account-pages';
import { createLogoutRoutes } from './logout-actions';

// Accounts: sign-in, candidate sign-up, password reset, email confirmation and sign-out (the company sign-up,
// /hire/empezar-ahora, is the hire area's).
export function accountRoutes(deps: AreaDeps) {
  const actions = createAccountActions(deps);
  const logout = createLogoutRoutes(deps);
  return {
    login: { page: loginPage(deps), action: actions.login },
    signUp: { page: signUpPage(deps), action: actions.signUp },
    forgotPassword: { page: ForgotPasswordPage, action: actions.forgotPassword },
    resetPassword: { page: resetPasswordPage(deps), action: actions.resetPassword },
    confirmEmail: { page: confirmEmailPage(deps), action: actions.confirmEmail },
    logout: { page: LogoutPage, action: logout.action },
  } satisfies AreaRoutes;
}
