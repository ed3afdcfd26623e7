import * as z from 'zod/mini';
import { email as isEmail, field, maxLength, minLength, oneOf, required, sameAs, wholeNumber, type FormSchema } from './rules';

// The account forms, as zod/mini schemas: the server's actions and the form
// islands check with the same ones. Passwords: at least 8 characters.
const email = () => field(required(), isEmail(), maxLength(254));
const newPassword = () => field(required(), minLength(8), maxLength(200));
const personName = () => field(required(), maxLength(100));

/** A contributed salary: gross monthly, in the country's currency or in USD. The outlier check does the real judging. */
const SALARY_CURRENCIES = ['local', 'USD'] as const;
const salaryAmount = () => wholeNumber(1, 999_999_999, { amount: true });

export const specs = {
  // No account type: an address belongs to one account, which says whether it is a candidate or a company.
  login: z.object({ email: email(), password: field(required(), maxLength(200)) }),
  signUp: z.object({ name: personName(), last_name: personName(), email: email(), password: newPassword() }),
  hireStartNow: z.object({
    name: personName(),
    last_name: personName(),
    company_name: field(required(), maxLength(120)),
    email: email(),
    password: newPassword(),
  }),
  forgotPassword: z.object({ email: email() }),
  resetPassword: z
    .object({ password: newPassword(), passwordConfirmation: field(required(), maxLength(200)) })
    .check(sameAs('passwordConfirmation', 'password')),
  resendConfirmation: z.object({ email: email() }),
  /** The account page (decision 069): a new password with the current one, the same rules as the sign-up. */
  changePassword: z
    .object({
      currentPassword: field(required(), maxLength(200)),
      password: newPassword(),
      passwordConfirmation: field(required(), maxLength(200)),
    })
    .check(sameAs('passwordConfirmation', 'password')),
  /** A new email with the current password. */
  changeEmail: z.object({ email: email(), currentPassword: field(required(), maxLength(200)) }),
  /** Deleting one's own account (decision 073): the current password and a ticked confirmation. */
  deleteAccount: z.object({ currentPassword: field(required(), maxLength(200)), confirmDelete: field(required(), oneOf(['yes'])) }),
  /** The calculator's registration step: a candidate sign-up with an optional salary. */
  calculatorRegister: z.object({
    name: personName(),
    last_name: personName(),
    email: email(),
    password: newPassword(),
    salary_amount: field(salaryAmount()),
    salary_currency: field(oneOf(SALARY_CURRENCIES)),
  }),
  /** A signed-in candidate contributing from the result page. */
  salaryContribution: z.object({
    salary_amount: field(required(), salaryAmount()),
    salary_currency: field(required(), oneOf(SALARY_CURRENCIES)),
  }),
} satisfies Record<string, FormSchema>;
export type FormName = keyof typeof specs;

/** Fields whose value is never sent back to the page. */
export const SECRET_FIELDS = new Set(['password', 'passwordConfirmation', 'currentPassword']);
