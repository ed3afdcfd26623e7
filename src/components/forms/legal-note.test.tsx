import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import { LegalConsentNote } from './legal-note';

describe('LegalConsentNote', () => {
  it('names the terms that apply and the privacy policy, linked, in the page language', () => {
    const es = renderToStaticMarkup(<LegalConsentNote locale="es" t={getT('es')} terms="termsB2c" />);
    expect(es).toMatch(/^<p class="legal-note">Al crear tu cuenta aceptas los <span><a href="\/terminos-y-condiciones-b2c"/);
    expect(es).toContain(`href="${href('privacy', 'es')}"`);
    expect(es).toContain('Términos y condiciones para candidatos');
    expect(es).toContain('(se abre en una pestaña nueva)');
    const en = renderToStaticMarkup(<LegalConsentNote locale="en" t={getT('en')} terms="terms" />);
    expect(en).toContain('By creating your account you accept the');
    expect(en).toContain(`href="${href('terms', 'en')}"`);
    expect(en).toContain(`href="${href('privacy', 'en')}"`);
    expect(en).not.toContain('\u0001');
  });

  it('says the same under the provider buttons, and names only the privacy policy for a request', () => {
    const provider = renderToStaticMarkup(<LegalConsentNote locale="es" t={getT('es')} terms="termsB2c" via="provider" />);
    expect(provider).toContain('Si creas tu cuenta con uno de estos servicios');
    const request = renderToStaticMarkup(<LegalConsentNote locale="es" t={getT('es')} terms={null} />);
    expect(request).toContain(`href="${href('privacy', 'es')}"`);
    expect(request).not.toContain('terminos-y-condiciones');
  });
});
