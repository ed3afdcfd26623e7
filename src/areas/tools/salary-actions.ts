import 'server-only';
import { calculatorQuery, parseCalculatorQuery } from '../../domain/calculator';
import { checkForm, parseWholeNumber } from '../../domain/forms/rules';
import { specs } from '../../domain/forms/specs';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { ruleMessages, typed } from '../../server/http/form-fields';
import { invalid } from '../../server/http/form-outcome';
import type { Contributions } from '../../server/salaries/contributions';
import { createSignUpHandler, type AccountFormDeps } from '../../server/http/account-forms';

// The calculator's forms (decision 016): the registration step signs an anonymous visitor up (origin
// 'calculator') and may take their salary; the result page takes a signed-in candidate's salary. Either
// way the user lands on the result, whose `contribution` parameter says what became of the salary.
type Deps = { account: AccountFormDeps; contributions: () => Promise<Contributions> };

export const CONTRIBUTION_STATUSES = ['accepted', 'outlier', 'implausible'] as const;

export function createSalaryActions({ account, contributions }: Deps) {
  /** The result page for the inputs in the query (the calculator itself when they are not valid). */
  const resultUrl = (input: FormInput, status?: string) => {
    const parsed = parseCalculatorQuery(input.query);
    if (!parsed.ok) return href('calculator', input.locale);
    const q = calculatorQuery(parsed.input);
    return `${href('calculatorResult', input.locale)}?${q}${status ? `&contribution=${status}` : ''}`;
  };
  /** Store the typed salary (if any) for the inputs in the query; the outcome's status, or null when none was given. */
  const contribute = async (userId: number, input: FormInput): Promise<string | null> => {
    const amount = parseWholeNumber(input.fields.salary_amount ?? '');
    const parsed = parseCalculatorQuery(input.query);
    if (amount === null || !parsed.ok) return null;
    const currency = input.fields.salary_currency === 'USD' ? 'USD' : 'local';
    const r = await (await contributions()).contribute(userId, parsed.input, { amount, currency });
    return r.status;
  };

  return {
    calculatorRegister: createSignUpHandler(account, 'match', specs.calculatorRegister, {
      origin: 'calculator',
      after: async (user, input) => ({ redirect: resultUrl(input, (await contribute(user.id, input)) ?? undefined) }),
    }),
    calculatorResult: {
      maxBytes: 4 * 1024,
      async handle(input): Promise<FormOutcome> {
        const values = typed(input, ['salary_amount', 'salary_currency']);
        if (input.viewer?.type !== 'match') {
          return { ok: false, status: 403, message: input.t('calculator.contribute.candidatesOnly'), errors: {}, values };
        }
        const errs = checkForm(specs.salaryContribution, input.fields);
        if (Object.keys(errs).length) return invalid(input, ruleMessages(input.t, errs), values);
        const status = await contribute(input.viewer.id, input);
        return { ok: true, redirect: resultUrl(input, status ?? undefined) };
      },
    },
  } satisfies Record<string, FormHandler>;
}
