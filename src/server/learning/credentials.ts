import 'server-only';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';

// Certificates as Open Badges 3.0 OpenBadgeCredentials secured as VC-JWT (OB 3.0 §8.2): the JWT payload
// is the credential itself plus the registered claims iss, sub, nbf, exp and jti; the header names the
// site's Ed25519 key (alg EdDSA), published as a JWKS at /.well-known/jwks.json. jose signs, as it signs the session tokens
// (decision 039); Ed25519 signatures are deterministic, so a certificate's JWT is the same bytes as before.
// Decision 021.
export type SigningKey = { privateKey: KeyObject; jwk: PublicJwk };
type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function signingKeyOf(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CREDENTIAL_SIGNING_KEY must be an Ed25519 key');
  const x = createPublicKey(privateKey).export({ format: 'jwk' }).x!;
  // RFC 7638 thumbprint: the required members in lexicographic order, no spaces.
  const kid = b64url(createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest());
  return { privateKey, jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } };
}

/**
 * The certificate signing key: CREDENTIAL_SIGNING_KEY (PKCS#8 PEM) when set; else generated once into
 * data/credential-key.pem (mode 600) and reused, so certificates stay verifiable across restarts and every
 * worker signs with the same key.
 */
export function loadSigningKey(fromEnv: string | undefined, file = 'data/credential-key.pem'): SigningKey {
  if (fromEnv?.trim()) return signingKeyOf(createPrivateKey(fromEnv.replace(/\\n/g, '\n')));
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    try {
      writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
      console.log(`[certificates] CREDENTIAL_SIGNING_KEY is not set: generated an Ed25519 key into ${file}`);
    } catch {
      // Another worker wrote it first: read theirs below.
    }
  }
  for (let i = 0; i < 50; i++) {
    const pem = readFileSync(file, 'utf8');
    if (pem.includes('-----END PRIVATE KEY-----')) return signingKeyOf(createPrivateKey(pem));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new Error(`${file} is not a complete key: delete it or set CREDENTIAL_SIGNING_KEY`);
}

/** A compact JWS (EdDSA) of the payload. */
function signJwt(payload: JWTPayload, key: SigningKey): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: key.jwk.kid }).sign(key.privateKey);
}

export type CredentialInput = {
  verificationId: string;
  pageUrl: string;
  siteUrl: string;
  brand: string;
  holderName: string;
  achievement: { id: string; name: string; description: string; criteria: string };
  score: number;
  issuedAt: Date;
  expiresAt: Date;
};

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The OpenBadgeCredential (OB 3.0, VC Data Model 2.0 contexts). */
export function openBadgeCredential(c: CredentialInput): Record<string, unknown> {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${c.verificationId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: c.achievement.name,
    issuer: { id: c.siteUrl, type: ['Profile'], name: c.brand, url: c.siteUrl },
    validFrom: iso(c.issuedAt),
    validUntil: iso(c.expiresAt),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: c.holderName, identityType: 'name', hashed: false }],
      achievement: {
        id: c.achievement.id,
        type: ['Achievement'],
        achievementType: 'Assessment',
        name: c.achievement.name,
        description: c.achievement.description,
        criteria: { narrative: c.achievement.criteria },
        creator: { id: c.siteUrl, type: ['Profile'], name: c.brand },
      },
      result: [{ type: ['Result'], value: String(c.score) }],
    },
    evidence: [{ id: c.pageUrl, type: ['Evidence'], name: 'Verification page' }],
  };
}

/** The credential as a VC-JWT: the credential's members at the top level plus the registered claims. */
export function credentialJwt(credential: Record<string, unknown>, key: SigningKey): Promise<string> {
  const issuer = credential.issuer as { id: string };
  const nbf = Math.floor(new Date(String(credential.validFrom)).getTime() / 1000);
  const exp = Math.floor(new Date(String(credential.validUntil)).getTime() / 1000);
  return signJwt({ ...credential, iss: issuer.id, jti: String(credential.id), nbf, exp }, key);
}
