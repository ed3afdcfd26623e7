import type { Spec } from './rules';

// The account forms (decision 011). Passwords: at least 8 characters.
const email = { required: true, email: true, max: 254 } as const;
const newPassword = { required: true, min: 8, max: 200 } as const;
const personName = { required: true, max: 100 } as const;

const ACCOUNT_TYPES = ['match', 'hire'] as const;

/** A contributed salary: gross monthly, in the country's currency or in USD. The outlier check does the real judging. */
const SALARY_CURRENCIES = ['local', 'USD'] as const;
const salaryAmount = { integer: { min: 1, max: 999_999_999, amount: true } } as const;

export const specs = {
  login: { type: { required: true, oneOf: ACCOUNT_TYPES }, email, password: { required: true, max: 200 } },
  signUp: { name: personName, last_name: personName, email, password: newPassword },
  hireStartNow: { name: personName, last_name: personName, company_name: { required: true, max: 120 }, email, password: newPassword },
  forgotPassword: { email },
  resetPassword: { password: newPassword, passwordConfirmation: { required: true, same: 'password', max: 200 } },
  resendConfirmation: { email },
  /** The calculator's registration step: a candidate sign-up with an optional salary. */
  calculatorRegister: {
    name: personName,
    last_name: personName,
    email,
    password: newPassword,
    salary_amount: salaryAmount,
    salary_currency: { oneOf: SALARY_CURRENCIES },
  },
  /** A signed-in candidate contributing from the result page. */
  salaryContribution: { salary_amount: { ...salaryAmount, required: true }, salary_currency: { required: true, oneOf: SALARY_CURRENCIES } },
} satisfies Record<string, Spec>;

/** Fields whose value is never sent back to the page. */
export const SECRET_FIELDS = new Set(['password', 'passwordConfirmation', 'currentPassword']);
