// The visitor's choice about what may track them (decision 023): analytics (RudderStack) and monitoring
// (Datadog RUM). Kept in a first-party cookie for the tracking-cookie lifetime (docs/product-rules.md), so the server could
// read it too; with no choice yet, nothing that tracks is loaded. Pure: shared by the browser and the tests.
export const CONSENT_COOKIE = 'tandem_consent';
/** The original app's tracking cookie max age, about 182 days. */
export const CONSENT_MAX_AGE_S = 15_724_800;
export type Consent = { analytics: boolean; monitoring: boolean };

export const NO_CONSENT: Consent = { analytics: false, monitoring: false };
export const FULL_CONSENT: Consent = { analytics: true, monitoring: true };

/** `v1.a1.m0`: a version, then one flag per category. Anything else is no choice at all (null). */
export function parseConsent(value: string | undefined | null): Consent | null {
  const m = /^v1\.a([01])\.m([01])$/.exec(value ?? '');
  return m ? { analytics: m[1] === '1', monitoring: m[2] === '1' } : null;
}

export const serializeConsent = (c: Consent) => `v1.a${c.analytics ? 1 : 0}.m${c.monitoring ? 1 : 0}`;

/**
 * Run before the first paint (inline, like the colour-mode script): marks the page when the visitor has
 * already chosen, or Global Privacy Control answers for them, so the server-rendered banner stays hidden
 * on pages that are the same HTML for everyone.
 */
export const CONSENT_SCRIPT = `(function(){try{if(/(^|; )${CONSENT_COOKIE}=v1\\.a[01]\\.m[01]/.test(document.cookie)||navigator.globalPrivacyControl===true)document.documentElement.setAttribute('data-consent','decided')}catch(e){}})();`;

/** The cookie string a browser script writes (readable by scripts: it holds nothing secret). */
export function consentCookie(c: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${serializeConsent(c)}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return part.slice(eq + 1);
      }
    }
  }
  return undefined;
}

/**
 * The consent in force: the visitor's own choice when there is one; otherwise, with Global Privacy Control
 * on, a refusal (the banner is not shown: the browser has already answered); otherwise none yet (banner).
 */
export function effectiveConsent(
  stored: Consent | null,
  globalPrivacyControl: boolean,
): { consent: Consent; decided: boolean; byGpc: boolean } {
  if (stored) return { consent: stored, decided: true, byGpc: false };
  if (globalPrivacyControl) return { consent: NO_CONSENT, decided: true, byGpc: true };
  return { consent: NO_CONSENT, decided: false, byGpc: false };
}
