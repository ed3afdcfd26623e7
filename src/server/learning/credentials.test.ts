import { sign } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { testSigningKey } from '../../testing/signing-key';
import { credentialJwt, openBadgeCredential } from './credentials';

const credential = openBadgeCredential({
  verificationId: '5b1c3a0e-8f1e-4d55-9a55-0d7b1c3a0e8f',
  pageUrl: 'https://tandem.example/certification/cert-1',
  siteUrl: 'https://tandem.example',
  brand: 'Tandem',
  holderName: 'Ana Pérez',
  achievement: { id: 'https://tandem.example/en/x', name: 'Backend (senior)', description: 'Passed.', criteria: 'A timed test.' },
  score: 82,
  issuedAt: new Date('2026-01-02T03:04:05Z'),
  expiresAt: new Date('2028-01-02T03:04:05Z'),
});

describe('certificates as VC-JWT', () => {
  it('are the same bytes the hand-written EdDSA signer made (certificates already issued stay identical)', async () => {
    const jwt = await credentialJwt(credential, testSigningKey);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const payload = { ...credential, iss: 'https://tandem.example', jti: credential.id, nbf: 1767323045, exp: 1830395045 };
    const input = `${b64({ alg: 'EdDSA', typ: 'JWT', kid: testSigningKey.jwk.kid })}.${b64(payload)}`;
    expect(jwt).toBe(`${input}.${sign(null, Buffer.from(input), testSigningKey.privateKey).toString('base64url')}`);
  });

  it('verify with the published public key, and not once a byte changes', async () => {
    const jwt = await credentialJwt(credential, testSigningKey);
    const key = await importJWK(testSigningKey.jwk, 'EdDSA');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, { currentDate: new Date('2027-01-01T00:00:00Z') });
    expect(protectedHeader.kid).toBe(testSigningKey.jwk.kid);
    expect(payload.jti).toBe(credential.id);
    const [h, p, s] = jwt.split('.');
    const tampered = `${h}.${p!.slice(0, -2)}${p!.slice(-2) === 'fQ' ? 'fR' : 'fQ'}.${s}`;
    await expect(jwtVerify(tampered, key, { currentDate: new Date('2027-01-01T00:00:00Z') })).rejects.toThrow();
  });
});
