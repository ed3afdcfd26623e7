import 'server-only';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SignJWT, type JWTPayload } from 'jose';

// Certificates as Open Badges 3.0 OpenBadgeCredentials secured as VC-JWT (OB 3.0 §8.2): the JWT payload
// is the credential itself plus the registered claims iss, sub (the credential subject's id), nbf, exp and
// jti; the header's kid is a URL that resolves to the site's Ed25519 key (alg EdDSA): the JWKS at
// /.well-known/jwks.json, whose key carries that same kid. jose signs, as it signs the session tokens
// (decision 039). Each credential names its bit in a Bitstring Status List (W3C), served signed the same way.
// Decisions 021 and 067.
export type SigningKey = { privateKey: KeyObject; jwk: PublicJwk };
type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

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

/** The key's id as published: the JWKS URL with the key's thumbprint as the fragment (resolvable by a verifier). */
const keyIdOf = (siteUrl: string, key: SigningKey) => `${siteUrl}/.well-known/jwks.json#${key.jwk.kid}`;

/** The public key as the JWKS serves it: its kid is the URL the JWTs name. */
export const publishedJwk = (key: SigningKey, siteUrl: string): PublicJwk => ({ ...key.jwk, kid: keyIdOf(siteUrl, key) });

/** A compact JWS (EdDSA) of the payload, naming the issuer's published key. */
function signJwt(payload: JWTPayload, key: SigningKey, siteUrl: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: keyIdOf(siteUrl, key) }).sign(key.privateKey);
}

/** How many certificates one status list covers: the specification's minimum, 16 KB of bits. */
export const STATUS_LIST_SIZE = 131_072;

/** The status list credential's URL for list n (list n holds the indexes [n × size, (n + 1) × size)). */
const statusListUrl = (siteUrl: string, list: number) => `${siteUrl}/credentials/status/${list}`;

/** A certificate's entry in the revocation list (Bitstring Status List v1.0, BitstringStatusListEntry). */
export function statusEntryOf(siteUrl: string, index: number) {
  const list = statusListUrl(siteUrl, Math.floor(index / STATUS_LIST_SIZE));
  const bit = index % STATUS_LIST_SIZE;
  return {
    id: `${list}#${bit}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(bit),
    statusListCredential: list,
  };
}

/**
 * The encodedList of a status list: the bitstring (index 0 is the first byte's left-most bit) GZIP-compressed,
 * as multibase base64url (the 'u' prefix).
 */
export function encodeStatusList(setBits: readonly number[], size = STATUS_LIST_SIZE): string {
  const bits = Buffer.alloc(size / 8);
  for (const i of setBits) if (i >= 0 && i < size) bits[i >> 3]! |= 0x80 >> (i & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The status list credential (BitstringStatusListCredential) for list n, with the revoked bits set. */
export function statusListCredential(siteUrl: string, list: number, setBits: readonly number[], validFrom: Date | null) {
  const id = statusListUrl(siteUrl, list);
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: siteUrl,
    ...(validFrom ? { validFrom: iso(validFrom) } : {}),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(setBits),
    },
  };
}

/** The status list credential as a VC-JWT. */
export function statusListJwt(credential: ReturnType<typeof statusListCredential>, key: SigningKey): Promise<string> {
  const nbf = credential.validFrom ? { nbf: Math.floor(new Date(credential.validFrom).getTime() / 1000) } : {};
  return signJwt(
    { ...credential, iss: credential.issuer, sub: credential.credentialSubject.id, jti: credential.id, ...nbf },
    key,
    credential.issuer,
  );
}

/**
 * The credential subject's id: a name-based UUID (RFC 9562 version 5) of the holder's account on this site,
 * the same for all of a holder's certificates, that says nothing about the person by itself.
 */
export function holderIdOf(siteUrl: string, userId: number): string {
  const namespace = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex'); // the URL namespace
  const h = createHash('sha1').update(namespace).update(`${siteUrl}/accounts/${userId}`).digest().subarray(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `urn:uuid:${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export type CredentialInput = {
  verificationId: string;
  pageUrl: string;
  siteUrl: string;
  brand: string;
  holderName: string;
  /** The credential subject's id (holderIdOf): the JWT's sub. */
  subjectId: string;
  /** Its index in the revocation status lists. */
  statusIndex: number;
  achievement: { id: string; name: string; description: string; criteria: string };
  score: number;
  issuedAt: Date;
  expiresAt: Date;
};

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
      id: c.subjectId,
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
    credentialStatus: statusEntryOf(c.siteUrl, c.statusIndex),
    evidence: [{ id: c.pageUrl, type: ['Evidence'], name: 'Verification page' }],
  };
}

/** The credential as a VC-JWT: the credential's members at the top level plus the registered claims. */
export function credentialJwt(credential: Record<string, unknown>, key: SigningKey): Promise<string> {
  const issuer = credential.issuer as { id: string };
  const subject = credential.credentialSubject as { id: string };
  const nbf = Math.floor(new Date(String(credential.validFrom)).getTime() / 1000);
  const exp = Math.floor(new Date(String(credential.validUntil)).getTime() / 1000);
  return signJwt({ ...credential, iss: issuer.id, sub: subject.id, jti: String(credential.id), nbf, exp }, key, issuer.id);
}
