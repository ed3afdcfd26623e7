import 'server-only';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * Which proxies in front of the app are ours (TRUST_PROXY): a number of hops, a list of addresses and
 * ranges, or none (X-Forwarded-For ignored).
 */
export type TrustProxy = { hops: number } | { ranges: BlockList; list: string[] } | null;

const MAX_HOPS = 20;
const SHAPES = 'must be false, true, a number of proxies (1, 2...) or a comma-separated list of IP addresses and CIDR ranges';

/** Parses TRUST_PROXY; throws an Error with a readable message for a bad value. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return null;
  if (v === 'true' || v === 'yes') return { hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops === 0) return null;
    if (hops > MAX_HOPS) throw new Error(`${SHAPES}; ${hops} proxies is more than ${MAX_HOPS}`);
    return { hops };
  }
  const ranges = new BlockList();
  const list: string[] = [];
  for (const part of v.split(',').map((p) => p.trim())) {
    const m = /^([^/]+?)(?:\/(\d{1,3}))?$/.exec(part);
    const addr = m ? normalize(m[1]!) : null;
    const family = addr ? isIP(addr) : 0;
    const bits = family === 4 ? 32 : 128;
    const prefix = m?.[2] === undefined ? bits : Number(m[2]);
    if (!addr || !family || prefix > bits) throw new Error(`${SHAPES}; "${part}" is not an IP address or a CIDR range`);
    ranges.addSubnet(addr, prefix, family === 4 ? 'ipv4' : 'ipv6');
    list.push(prefix === bits ? addr : `${addr}/${prefix}`);
  }
  return { ranges, list };
}

/**
 * An address as it should be compared and counted: trimmed, without brackets or port, IPv4-mapped IPv6
 * (::ffff:1.2.3.4, which a dual-stack socket reports) as plain IPv4. Null when it is not an IP address.
 */
export function normalize(entry: string): string | null {
  let a = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(a);
  if (mapped) {
    if (mapped[1]) a = mapped[1];
    else {
      const hi = parseInt(mapped[2]!, 16);
      const lo = parseInt(mapped[3]!, 16);
      a = [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
    }
  }
  return isIP(a) ? a.toLowerCase() : null;
}

/**
 * The client address from the socket's address and the X-Forwarded-For header. The header is written by
 * the client first and then appended to by each proxy, so only the right-most entries can be believed:
 * the client is the right-most address that is not one of our proxies.
 */
export function resolveClientIp(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const self = socket ? (normalize(socket) ?? socket) : 'unknown';
  if (!trust || !forwardedFor) return self;
  // Entries that are not addresses are kept as they are (they are never trusted), capped for the limiter keys.
  const chain = [
    ...forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    self,
  ].map((e) => normalize(e) ?? e.slice(0, 64));
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  for (let i = chain.length - 1; i >= 0; i--) {
    const a = chain[i]!;
    const family = isIP(a);
    if (!family || !trust.ranges.check(a, family === 4 ? 'ipv4' : 'ipv6')) return a;
  }
  return chain[0]!;
}

/** The client address of a request (see resolveClientIp). */
export function clientIp(c: Context, trust: TrustProxy): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return resolveClientIp(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trust);
}
