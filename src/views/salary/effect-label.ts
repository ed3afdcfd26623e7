import {
  contracts,
  countries,
  employers,
  englishLevels,
  labelOf,
  modalities,
  payCurrencies,
  seniorities,
  skills,
  type Labelled,
} from '../../domain/catalog';
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
    employer: employers,
    pay: payCurrencies,
    contract: contracts,
  };
  return labelOf(lists[factor] ?? [], value, locale);
}

/** The answers an estimate took into account beyond role, seniority and country (employer, English, work mode). */
export function adjustmentsOf(steps: readonly { dimension: string; value: string }[], locale: Locale): string[] {
  return steps
    .filter((e) => ['employer', 'english', 'modality'].includes(e.dimension))
    .map((e) => effectLabel(e.dimension, e.value, locale));
}

/** The adjustments as the tail of a salary sentence (", adjusted for: English, Docker"), or nothing when there are none. */
export const adjustedText = (t: T, list: string[]) => (list.length ? t('salary.adjustedFor', { list: list.join(', ') }) : '');
