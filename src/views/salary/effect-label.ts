import { countries, englishLevels, labelOf, modalities, seniorities, skills, type Labelled } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

/** What an estimate's adjustment is about, in words: "Inglés avanzado", "Remoto", "Docker". */
export function effectLabel(factor: string, value: string, locale: Locale): string {
  const lists: Record<string, readonly Labelled[]> = {
    seniority: seniorities,
    country: countries,
    english: englishLevels,
    modality: modalities,
    skill: skills,
  };
  return labelOf(lists[factor] ?? [], value, locale);
}

/** The adjustments an estimate applied beyond role, seniority and country (English, work mode, skills). */
export function adjustmentsOf(effects: readonly { factor: string; value: string }[], locale: Locale): string[] {
  return effects.filter((e) => ['english', 'modality', 'skill'].includes(e.factor)).map((e) => effectLabel(e.factor, e.value, locale));
}

/** The adjustments as the tail of a salary sentence (", adjusted for: English, Docker"), or nothing when there are none. */
export const adjustedText = (t: T, list: string[]) => (list.length ? t('salary.adjustedFor', { list: list.join(', ') }) : '');
