import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { CalculatorIframePage, CalculatorPage } from './calculator-form-pages';
import { calculatorRegisterPage, calculatorResultPage } from './calculator-result-pages';
import { createSalaryActions } from './salary-actions';
import { salaryPage, ToolsHubPage } from './tools-pages';

// The salary tools: the hub, the salary pages by country, role and skill, and the calculator with its
// registration step and result (both take the visitor's salary).
export function toolsRoutes(deps: AreaDeps) {
  const actions = createSalaryActions({ account: deps, contributions: deps.contributions });
  const SalaryPage = salaryPage(deps);
  return {
    tools: { page: ToolsHubPage },
    toolsCountry: { page: SalaryPage },
    toolsCountrySalary: { page: SalaryPage },
    toolsCountryRole: { page: SalaryPage },
    toolsSkill: { page: SalaryPage },
    toolsDeveloper: { page: SalaryPage },
    toolsCountrySkill: { page: SalaryPage },
    toolsCountryDeveloper: { page: SalaryPage },
    calculator: { page: CalculatorPage },
    calculatorIframe: { page: CalculatorIframePage },
    calculatorRegister: { page: calculatorRegisterPage(deps), action: actions.calculatorRegister },
    calculatorResult: { page: calculatorResultPage(deps), action: actions.calculatorResult },
  } satisfies AreaRoutes;
}
