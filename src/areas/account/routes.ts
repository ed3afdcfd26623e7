import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createAccountActions } from './account-actions';
import {
  ConfirmEmailPage,
  ForgotPasswordPage,
  HireStartNowPage,
  LoginPage,
  LogoutPage,
  ResetPasswordPage,
  SignUpPage,
} from './account-pages';
import { createLogoutRoutes } from './logout-actions';

// Accounts: sign-in, sign-up (candidates, and companies on /hire/empezar-ahora), password reset, email
// confirmation and sign-out.
export function accountRoutes(deps: AreaDeps) {
  const actions = createAccountActions(deps);
  const logout = createLogoutRoutes(deps);
  return {
    login: { page: LoginPage, action: actions.login },
    signUp: { page: SignUpPage, action: actions.signUp },
    hireStartNow: { page: HireStartNowPage, action: actions.hireStartNow },
    forgotPassword: { page: ForgotPasswordPage, action: actions.forgotPassword },
    resetPassword: { page: ResetPasswordPage, action: actions.resetPassword },
    confirmEmail: { page: ConfirmEmailPage, action: actions.confirmEmail },
    logout: { page: LogoutPage, action: logout.action },
  } satisfies AreaRoutes;
}
