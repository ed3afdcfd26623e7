import type { Locale } from '../../../i18n/locales';
import { blackNovemberEn } from './black-november-en';
import { blackNovemberEs } from './black-november-es';
import { privacyEn } from './privacy-en';
import { privacyEs } from './privacy-es';
import { termsB2cEn } from './terms-b2c-en';
import { termsB2cEs } from './terms-b2c-es';
import { termsEn } from './terms-en';
import { termsEs } from './terms-es';
import type { LegalText } from './types';

// The four legal texts, by route id and language (decision 026). Spanish is the reference text.
export type LegalId = 'privacy' | 'terms' | 'termsB2c' | 'termsBlackNovember';

export const legalTexts: Record<LegalId, Record<Locale, LegalText>> = {
  privacy: { es: privacyEs, en: privacyEn },
  terms: { es: termsEs, en: termsEn },
  termsB2c: { es: termsB2cEs, en: termsB2cEn },
  termsBlackNovember: { es: blackNovemberEs, en: blackNovemberEn },
};
