import type { RouteId } from '../routes';
import { ConfirmEmailPage, ForgotPasswordPage, HireStartNowPage, LoginPage, ResetPasswordPage, SignUpPage } from './account-pages';
import { contentPage } from './content-page';
import { CertificationPage } from './entity-pages';
import { OfferPage } from './offer-page';
import { MatchPlatformPage, TalentProfilePage } from './profile-pages';
import { HireCreateOfferPage, HireSitePage } from './hire-pages';
import { HomePage } from './home-page';
import { JobsPage } from './jobs-page';
import { LogoutPage } from './logout-page';
import { CalculatorIframePage, CalculatorPage, CalculatorRegisterPage, CalculatorResultPage } from './calculator-pages';
import { SalaryPage, ToolsHubPage } from './tools-pages';
import type { Template } from './types';

// Which template renders each route. Typed as a full record: a route without a page fails to compile.
export const templates: Record<RouteId, Template> = {
  home: HomePage,
  logout: LogoutPage,
  login: LoginPage,
  signUp: SignUpPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  confirmEmail: ConfirmEmailPage,

  hire: contentPage({ primary: { id: 'hireCreateOffer', key: 'home.ctaHire' }, related: ['hirePricing', 'hireStaffing', 'hireRequestMeeting', 'hireStartNow'] }),
  hireSite: HireSitePage,
  hireLanding: contentPage({ primary: { id: 'hireStartNow', key: 'home.ctaHire' }, related: ['hirePricing', 'hireSchedule'] }),
  hirePricing: contentPage({ primary: { id: 'hireStartNow', key: 'home.ctaHire' }, related: ['hireStaffing', 'hireRequestMeeting'] }),
  hireStaffing: contentPage({ primary: { id: 'hireRequestMeeting', key: 'routes.hireRequestMeeting.title' }, related: ['hirePricing', 'hireSchedule'] }),
  hireSchedule: contentPage({ related: ['hireRequestMeeting', 'hireStaffing'] }),
  hireCreateOffer: HireCreateOfferPage,
  hireStartNow: HireStartNowPage,
  hireRequestMeeting: contentPage({ related: ['hireSchedule', 'hireStaffing'] }),

  match: contentPage({ primary: { id: 'jobs', key: 'home.ctaMatch' }, related: ['matchCourses', 'freeCourse', 'calculator', 'signUp'] }),
  matchPlatform: MatchPlatformPage,
  matchCourses: contentPage({ related: ['freeCourse', 'jobs'] }),
  matchCourse: contentPage({ related: ['matchCourses', 'jobs'] }),
  freeCourse: contentPage({ primary: { id: 'signUp', key: 'nav.signUp' }, related: ['matchCourses', 'jobs'] }),
  talentProfile: TalentProfilePage,
  offer: OfferPage,
  certification: CertificationPage,
  interviewIntro: contentPage({ related: ['matchCourses', 'jobs'] }),
  jobs: JobsPage,
  countryJobs: JobsPage,

  privacy: contentPage({ related: ['terms', 'termsB2c'] }),
  terms: contentPage({ related: ['privacy', 'termsB2c'] }),
  termsB2c: contentPage({ related: ['privacy', 'terms'] }),
  termsBlackNovember: contentPage({ related: ['terms', 'privacy'] }),

  tools: ToolsHubPage,
  toolsCountry: SalaryPage,
  toolsCountrySalary: SalaryPage,
  toolsCountryRole: SalaryPage,
  toolsSkill: SalaryPage,
  toolsDeveloper: SalaryPage,
  toolsCountrySkill: SalaryPage,
  toolsCountryDeveloper: SalaryPage,
  calculator: CalculatorPage,
  calculatorIframe: CalculatorIframePage,
  calculatorRegister: CalculatorRegisterPage,
  calculatorResult: CalculatorResultPage,
};
