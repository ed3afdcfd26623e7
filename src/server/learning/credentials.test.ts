import { gunzipSync } from 'node:zlib';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Hono } from 'hono';
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { testSigningKey } from '../../testing/signing-key';
import { registerPublicFiles } from '../http/public-files';
import {
  credentialJwt,
  encodeStatusList,
  holderIdOf,
  openBadgeCredential,
  publishedJwk,
  STATUS_LIST_SIZE,
  statusEntryOf,
  statusListCredential,
  statusListJwt,
} from './credentials';
import { createStatusLists } from './status-lists';

// Certificates to the letter of Open Badges 3.0 (decisions 021 and 067): the VC-JWT's claims and key id, the
// credential's required members, and the Bitstring Status List a verifier checks, each as a third party
// would see them (jose resolving the kid over HTTP; a status-list library decoding our list).
const SITE = 'https://tandem.example';
const credential = openBadgeCredential({
  verificationId: '5b1c3a0e-8f1e-4d55-9a55-0d7b1c3a0e8f',
  pageUrl: `${SITE}/certification/cert-1`,
  siteUrl: SITE,
  brand: 'Tandem',
  holderName: 'Ana Pérez',
  subjectId: holderIdOf(SITE, 42),
  statusIndex: 131_075,
  achievement: { id: `${SITE}/en/x`, name: 'Backend (senior)', description: 'Passed.', criteria: 'A timed test.' },
  score: 82,
  issuedAt: new Date('2026-01-02T03:04:05Z'),
  expiresAt: new Date('2028-01-02T03:04:05Z'),
});
const at = new Date('2027-01-01T00:00:00Z');

/** The site's public files as a server would answer them: the JWKS, and status lists from a revoked set. */
function site(revoked: number[] = []) {
  const app = new Hono();
  let builds = 0;
  const lists = createStatusLists({
    revoked: async (from, to) => ({
      indexes: revoked.filter((i) => i >= from && i < to),
      latest: revoked.length ? '2026-06-01T00:00:00.000Z' : null,
    }),
    signingKey: () => (builds++, testSigningKey),
    siteUrl: SITE,
  });
  registerPublicFiles(app, {
    build: { id: 'x', timestamp: 0 },
    publicKeys: () => ({ keys: [publishedJwk(testSigningKey, SITE)] }),
    statusLists: lists,
  });
  const fetchFromSite = async (url: string, init?: RequestInit) => app.request(new URL(url).pathname, init);
  return { app, fetchFromSite, builds: () => builds };
}

/** A verifier's key set: the JWKS found at the URL the JWT's kid names (jose fetches it, then picks by kid). */
const keysOf = (jwt: string, fetchFromSite: (url: string) => Promise<Response>) => {
  const kid = decodeProtectedHeader(jwt).kid!;
  return createRemoteJWKSet(new URL(kid), { [customFetch]: fetchFromSite });
};

// The members OB 3.0 requires of an OpenBadgeCredential (its data model, §B.1), those VCDM 2.0 requires,
// and our status entry's (Bitstring Status List v1.0 §2.1). No npm package carries 1EdTech's official JSON
// schema (decision 067), so this is written from the specification.
const URI = { type: 'string', pattern: '^[a-z][a-z0-9+.-]*:' };
const typesWith = (t: string) => ({ oneOf: [{ const: t }, { type: 'array', contains: { const: t } }] });
const obSchema = {
  type: 'object',
  required: ['@context', 'id', 'type', 'issuer', 'validFrom', 'name', 'credentialSubject'],
  properties: {
    '@context': {
      type: 'array',
      prefixItems: [{ const: 'https://www.w3.org/ns/credentials/v2' }],
      contains: { type: 'string', pattern: '^https://purl\\.imsglobal\\.org/spec/ob/v3p0/context-3\\.0\\.\\d+\\.json$' },
    },
    id: URI,
    type: { type: 'array', allOf: [{ contains: { const: 'VerifiableCredential' } }, { contains: { const: 'OpenBadgeCredential' } }] },
    name: { type: 'string', minLength: 1 },
    issuer: { type: 'object', required: ['id', 'type'], properties: { id: URI, type: typesWith('Profile') } },
    validFrom: { type: 'string', format: 'date-time' },
    validUntil: { type: 'string', format: 'date-time' },
    credentialSubject: {
      type: 'object',
      required: ['type', 'achievement'],
      anyOf: [{ required: ['id'] }, { required: ['identifier'] }],
      properties: {
        id: URI,
        type: typesWith('AchievementSubject'),
        achievement: {
          type: 'object',
          required: ['id', 'type', 'criteria', 'description', 'name'],
          properties: { id: URI, type: typesWith('Achievement'), criteria: { type: 'object', minProperties: 1 } },
        },
      },
    },
    credentialStatus: {
      type: 'object',
      required: ['id', 'type', 'statusPurpose', 'statusListIndex', 'statusListCredential'],
      properties: {
        id: URI,
        type: { const: 'BitstringStatusListEntry' },
        statusPurpose: { const: 'revocation' },
        statusListIndex: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' },
        statusListCredential: URI,
      },
    },
  },
};
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validOb = ajv.compile(obSchema);

describe('certificates as VC-JWT (Open Badges 3.0 §8.2)', () => {
  it('carry the required members, a status entry, and sub = the subject id', async () => {
    expect(validOb(credential), JSON.stringify(validOb.errors)).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(
      await credentialJwt(credential, testSigningKey),
      keysOf(await credentialJwt(credential, testSigningKey), site().fetchFromSite),
      { currentDate: at },
    );
    expect(validOb(payload), JSON.stringify(validOb.errors)).toBe(true);
    expect(payload).toMatchObject({ iss: SITE, sub: holderIdOf(SITE, 42), jti: credential.id, nbf: 1767323045, exp: 1830395045 });
    expect(payload.sub).toBe((credential.credentialSubject as { id: string }).id);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: `${SITE}/.well-known/jwks.json#${testSigningKey.jwk.kid}` });
    // Index 131,075 is bit 3 of the second list.
    expect(payload.credentialStatus).toEqual({
      id: `${SITE}/credentials/status/1#3`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '3',
      statusListCredential: `${SITE}/credentials/status/1`,
    });
  });

  it('verify with the key their kid resolves to on the site, and not once a byte changes or under another kid', async () => {
    const jwt = await credentialJwt(credential, testSigningKey);
    const { fetchFromSite } = site();
    const served = (await (await fetchFromSite(`${SITE}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(served.keys.map((k) => k.kid)).toEqual([decodeProtectedHeader(jwt).kid]);
    const [h, p, s] = jwt.split('.');
    const tampered = `${h}.${p!.slice(0, -2)}${p!.slice(-2) === 'fQ' ? 'fR' : 'fQ'}.${s}`;
    await expect(jwtVerify(tampered, keysOf(jwt, fetchFromSite), { currentDate: at })).rejects.toThrow();
    const otherKid = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: `${SITE}/.well-known/jwks.json#other` })).toString(
      'base64url',
    );
    await expect(jwtVerify(`${otherKid}.${p}.${s}`, keysOf(jwt, fetchFromSite), { currentDate: at })).rejects.toThrow(/no applicable key/i);
  });

  it('name their holder by a stable, opaque id (a version 5 UUID per account and site)', () => {
    expect(holderIdOf(SITE, 42)).toBe(holderIdOf(SITE, 42));
    expect(holderIdOf(SITE, 42)).not.toBe(holderIdOf(SITE, 43));
    expect(holderIdOf(SITE, 42)).not.toBe(holderIdOf('https://other.example', 42));
    expect(holderIdOf(SITE, 42)).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the revocation status list (Bitstring Status List v1.0)', () => {
  it('encodes 131,072 bits, left-most first, GZIP and multibase base64url', async () => {
    const encoded = encodeStatusList([0, 3, 131_071]);
    expect(encoded.startsWith('u')).toBe(true);
    const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bits.length).toBe(16_384);
    expect([bits[0], bits[16_383]]).toEqual([0b1001_0000, 0b0000_0001]);
    const list = await decodeList({ encodedList: encoded });
    expect(list.length).toBe(STATUS_LIST_SIZE);
    expect([0, 1, 3, 4, 131_071].map((i) => list.getStatus(i))).toEqual([true, false, true, false, true]);
  });

  it('is served signed at the entry’s URL, and a verifier finds a revoked certificate’s bit set', async () => {
    const revokedIndex = 131_075;
    const { fetchFromSite, builds } = site([5, revokedIndex]);
    const entry = statusEntryOf(SITE, revokedIndex);
    const res = await fetchFromSite(entry.statusListCredential, { headers: { accept: 'application/vc+jwt' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vc+jwt');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const jwt = await res.text();
    const { payload } = await jwtVerify(jwt, keysOf(jwt, fetchFromSite));
    expect(payload).toMatchObject({
      iss: SITE,
      jti: entry.statusListCredential,
      sub: `${entry.statusListCredential}#list`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const list = await decodeList({ encodedList: (payload.credentialSubject as { encodedList: string }).encodedList });
    expect(list.getStatus(Number(entry.statusListIndex))).toBe(true);
    expect(list.getStatus(5)).toBe(false); // index 5 is in list 0
    // Unchanged: the same bytes (not signed again) and a 304 for the ETag.
    const again = await fetchFromSite(entry.statusListCredential, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(builds()).toBe(1);
    // JSON for people reading it; unknown lists 404.
    const json = (await (await fetchFromSite(`${SITE}/credentials/status/0`, { headers: { accept: 'application/json' } })).json()) as {
      credential: { credentialSubject: { encodedList: string } };
    };
    expect((await decodeList({ encodedList: json.credential.credentialSubject.encodedList })).getStatus(5)).toBe(true);
    for (const bad of ['-1', '01', 'x', '10000']) expect((await fetchFromSite(`${SITE}/credentials/status/${bad}`)).status).toBe(404);
  });

  it('is built again when the revoked set changes', async () => {
    const revoked: number[] = [];
    let signed = 0;
    const lists = createStatusLists({
      revoked: async () => ({ indexes: [...revoked], latest: revoked.length ? '2026-06-01T00:00:00.000Z' : null }),
      signingKey: () => (signed++, testSigningKey),
      siteUrl: SITE,
    });
    const first = (await lists(0))!;
    expect((await decodeList({ encodedList: first.credential.credentialSubject.encodedList })).getStatus(7)).toBe(false);
    expect(await lists(0)).toBe(first);
    revoked.push(7);
    const second = (await lists(0))!;
    expect(second.etag).not.toBe(first.etag);
    expect((await decodeList({ encodedList: second.credential.credentialSubject.encodedList })).getStatus(7)).toBe(true);
    expect(signed).toBe(2);
    expect(second.credential.validFrom).toBe('2026-06-01T00:00:00Z');
  });

  it('signs the list like a certificate (same key, sub the list’s subject)', async () => {
    const c = statusListCredential(SITE, 0, [], null);
    const { payload } = await jwtVerify(
      await statusListJwt(c, testSigningKey),
      keysOf(await statusListJwt(c, testSigningKey), site().fetchFromSite),
    );
    expect(payload).not.toHaveProperty('nbf');
    expect(payload.sub).toBe(c.credentialSubject.id);
  });
});
