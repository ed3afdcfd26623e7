import 'server-only';
import { BlockList, isIP } from 'node:net';

// TRUST_PROXY as the configuration reads it; the HTTP layer uses it to find the client's address.
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
