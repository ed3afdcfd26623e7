import 'server-only';
import { createHash } from 'node:crypto';
import { STATUS_LIST_SIZE, statusListCredential, statusListJwt, type SigningKey } from './credentials';

// The revocation status lists (decision 067), built from the revoked certificates' indexes only (one range
// read on a partial index), never from every certificate. A list is signed again only when its revoked set
// changed: the last build is kept per list with the set it came from, so every process agrees on the bytes
// (and on the ETag) without sharing anything.

/** The highest list number served (lists past the certificates written are served empty, as the spec allows). */
const MAX_STATUS_LIST = 9_999;

export type StatusList = { credential: ReturnType<typeof statusListCredential>; jwt: string; etag: string };

type Deps = {
  revoked: (from: number, to: number) => Promise<{ indexes: number[]; latest: string | null }>;
  signingKey: () => SigningKey;
  siteUrl: string;
};

export function createStatusLists({ revoked, signingKey, siteUrl }: Deps) {
  const built = new Map<number, { of: string; list: StatusList }>();
  return async function statusList(list: number): Promise<StatusList | null> {
    if (!Number.isSafeInteger(list) || list < 0 || list > MAX_STATUS_LIST) return null;
    const from = list * STATUS_LIST_SIZE;
    const r = await revoked(from, from + STATUS_LIST_SIZE);
    const of = `${r.latest ?? ''}|${r.indexes.join(',')}`;
    const kept = built.get(list);
    if (kept?.of === of) return kept.list;
    const credential = statusListCredential(
      siteUrl,
      list,
      r.indexes.map((i) => i - from),
      r.latest ? new Date(r.latest) : null,
    );
    const jwt = await statusListJwt(credential, signingKey());
    const value = { credential, jwt, etag: `"${createHash('sha256').update(jwt).digest('base64url').slice(0, 27)}"` };
    built.set(list, { of, list: value });
    return value;
  };
}
