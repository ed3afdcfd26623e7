import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';

// The line beside a form's submit button that names the legal texts that apply (decision 026): the terms
// (companies or candidates) and the privacy policy when the form creates an account, the privacy policy
// alone when it only collects personal data (a meeting request, a booking). Plain links, no JavaScript;
// they open in a new tab so that nothing typed in the form is lost.
type Props = {
  locale: Locale;
  t: T;
  /** The terms the account accepts: companies ('terms'), candidates ('termsB2c'), none (a request: privacy only). */
  terms: 'terms' | 'termsB2c' | null;
  /** 'provider': the line under the "Continue with GitHub/Google" buttons, which create candidate accounts. */
  via?: 'form' | 'provider';
};

const MARK = '\u0001';

/** A message with {{placeholders}} whose values are elements: the translated text around them stays text. */
function interleave(t: T, key: Parameters<T>[0], parts: Record<string, ReactNode>): ReactNode[] {
  const params = Object.fromEntries(Object.keys(parts).map((k) => [k, `${MARK}${k}${MARK}`]));
  return t(key, params)
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 && piece in parts ? <span key={i}>{parts[piece]}</span> : piece));
}

export function LegalConsentNote({ locale, t, terms, via = 'form' }: Props) {
  const link = (id: 'terms' | 'termsB2c' | 'privacy') => (
    <a href={href(id, locale)} target="_blank" rel="noopener" data-legal={id}>
      {t(`routes.${id}.title`)}
      <span className="sr-only"> {t('a11y.newTab')}</span>
    </a>
  );
  const text = terms
    ? interleave(t, via === 'provider' ? 'legal.note.provider' : 'legal.note.account', { terms: link(terms), privacy: link('privacy') })
    : interleave(t, 'legal.note.request', { privacy: link('privacy') });
  return <p className="legal-note">{text}</p>;
}
