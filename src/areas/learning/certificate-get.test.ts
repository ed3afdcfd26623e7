import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { scoreBand } from '../../domain/learning';
import type { CertificateView, LearningService } from '../../server/learning/learning-service';
import { testSigningKey } from '../../testing/signing-key';
import { holderIdOf, publishedJwk } from '../../server/learning/credentials';
import { createCertificateGet } from './certificate-get';

// The machine-readable certificate: which requests get JSON or a bare JWT, and which get nothing signed.
const cert = (over: Partial<CertificateView> = {}): CertificateView => ({
  slug: 'frontend-react-mid-ana',
  verificationId: '4f1c2d3e-0000-4000-a000-000000000001',
  holderName: 'Ana García',
  profileSlug: 'ana',
  role: 'frontend',
  level: 'mid',
  score: 84,
  band: scoreBand(84),
  interview: { slug: 'frontend-react', title: { es: 'Frontend con React', en: 'Frontend with React' } },
  issuedAt: new Date('2026-11-01T00:00:00Z'),
  expiresAt: new Date('2028-11-01T00:00:00Z'),
  status: 'valid',
  isDemo: false,
  holderId: 7,
  statusIndex: 12,
  revokedAt: null,
  revokeReason: null,
  ...over,
});
const certificates: Record<string, CertificateView> = {
  'frontend-react-mid-ana': cert(),
  'demo-one': cert({ slug: 'demo-one', isDemo: true }),
  'revoked-one': cert({
    slug: 'revoked-one',
    status: 'revoked',
    revokedAt: new Date('2026-12-01T10:00:00Z'),
    revokeReason: 'Shared answers',
  }),
};
const learning = { certificate: async (slug: string) => certificates[slug] ?? null } as unknown as LearningService;
const get = createCertificateGet({
  learning: async () => learning,
  signingKey: () => testSigningKey,
  siteUrl: 'https://tandem.example',
  brand: 'Tandem',
});
const ask = (slug: string, accept = 'text/html', rsc = false) =>
  get({
    match: { id: 'certification', locale: 'es', params: { slug } },
    url: new URL(`https://tandem.example/certification/${slug}`),
    rsc,
    request: new Request(`https://tandem.example/certification/${slug}`, { headers: { accept } }),
  });

describe('the signed certificate', () => {
  it('leaves page requests to the page (HTML and RSC)', async () => {
    expect(await ask('frontend-react-mid-ana')).toBeNull();
    expect(await ask('frontend-react-mid-ana.json', 'application/json', true)).toBeNull();
  });

  it('answers .json and Accept: application/json with the credential and its verifiable JWT', async () => {
    for (const res of [await ask('frontend-react-mid-ana.json'), await ask('frontend-react-mid-ana', 'application/json')]) {
      expect(res!.status).toBe(200);
      const body = (await res!.json()) as {
        status: string;
        jwt: string;
        credential: { credentialSubject: { result: { value: string }[] } };
      };
      expect(body.status).toBe('valid');
      expect(body.credential.credentialSubject.result[0]!.value).toBe('84');
      const { payload } = await jwtVerify(body.jwt, createLocalJWKSet({ keys: [publishedJwk(testSigningKey, 'https://tandem.example')] }), {
        currentDate: new Date('2027-01-01'),
      });
      expect(payload).toMatchObject({
        iss: 'https://tandem.example',
        sub: holderIdOf('https://tandem.example', 7),
        jti: 'urn:uuid:4f1c2d3e-0000-4000-a000-000000000001',
        credentialStatus: { statusListIndex: '12', statusListCredential: 'https://tandem.example/credentials/status/0' },
      });
    }
  });

  it('answers Accept: application/vc+jwt with the bare token', async () => {
    const res = await ask('frontend-react-mid-ana', 'application/vc+jwt');
    expect(res!.headers.get('content-type')).toBe('application/vc+jwt');
    expect((await res!.text()).split('.')).toHaveLength(3);
  });

  it('never signs demo, unknown or malformed certificates, and says when one was revoked', async () => {
    expect((await ask('demo-one.json'))!.status).toBe(404);
    expect((await ask('nope.json'))!.status).toBe(404);
    expect((await ask('Bad%20Slug.json'))!.status).toBe(404);
    const revoked = (await ask('revoked-one.json'))!;
    expect(revoked.status).toBe(410);
    expect(await revoked.json()).toEqual({
      error: 'Certification revoked',
      status: 'revoked',
      revokedAt: '2026-12-01T10:00:00.000Z',
      reason: 'Shared answers',
    });
  });
});
