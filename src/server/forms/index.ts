import 'server-only';
import type { ServerConfig } from '../config';
import type { FormHandlers } from '../http/forms';
import type { ApplicationService } from '../services/application-service';
import type { AuthService } from '../services/auth-service';
import type { HiringService } from '../services/hiring-service';
import type { ProfileService } from '../services/profile-service';
import type { Contributions } from '../salaries/contributions';
import { createAccountForms } from './account-forms';
import { createApplicationForms } from './application-forms';
import { createLogoutRoutes } from './logout';
import { createOfferForms } from './offer-forms';
import { createProfileForms } from './profile-forms';
import { createSalaryForms } from './salary-forms';

// Every page form's server handler, keyed by route id: the one place that decides which pages take a
// form post. The server entry mounts exactly this set; tests build it from services of their own.
export type FormDeps = {
  auth: () => Promise<AuthService>;
  profiles: () => Promise<ProfileService>;
  hiring: () => Promise<HiringService>;
  applications: () => Promise<ApplicationService>;
  contributions: () => Promise<Contributions>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

export function createFormHandlers({ auth, profiles, hiring, applications, contributions, config }: FormDeps): FormHandlers {
  const account = { auth, config };
  const profileForms = createProfileForms({ profiles });
  return {
    ...createAccountForms(account),
    logout: createLogoutRoutes({ auth, config }).form,
    // The workspace form handles offer actions and pipeline moves, and passes the company profile form on.
    ...profileForms,
    ...createOfferForms({ hiring, config }, profileForms),
    ...createApplicationForms({ applications }),
    ...createSalaryForms({ account, contributions }),
  };
}
