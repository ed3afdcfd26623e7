import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, normalize, parseTrustProxy, resolveClientIp } from './client-ip';

const t = parseTrustProxy;

describe('client address behind proxies (TRUST_PROXY)', () => {
  // [case, TRUST_PROXY, socket address, X-Forwarded-For, expected client]
  const table: [string, string | undefined, string | undefined, string | undefined, string][] = [
    ['unset: the socket, whatever the header says', undefined, '203.0.113.7', '1.2.3.4', '203.0.113.7'],
    ['false: the socket', 'false', '203.0.113.7', '1.2.3.4', '203.0.113.7'],
    ['0: the socket', '0', '203.0.113.7', '1.2.3.4', '203.0.113.7'],
    ['no socket and no trust', undefined, undefined, '1.2.3.4', 'unknown'],
    ['one proxy: the entry it appended', '1', '127.0.0.1', '198.51.100.4', '198.51.100.4'],
    ['one proxy: a spoofed first hop is ignored', '1', '127.0.0.1', '6.6.6.6, 198.51.100.4', '198.51.100.4'],
    ['one proxy: many spoofed hops are ignored', '1', '127.0.0.1', '6.6.6.6, 7.7.7.7, 8.8.8.8, 198.51.100.4', '198.51.100.4'],
    ['true means one proxy', 'true', '127.0.0.1', '6.6.6.6, 198.51.100.4', '198.51.100.4'],
    ['one proxy, missing header: the socket', '1', '127.0.0.1', undefined, '127.0.0.1'],
    ['one proxy, empty header: the socket', '1', '127.0.0.1', ' , ', '127.0.0.1'],
    ['two proxies: two places left of the socket', '2', '10.0.0.2', '6.6.6.6, 198.51.100.4, 10.0.0.1', '198.51.100.4'],
    ['two proxies, shorter chain: the leftmost', '2', '10.0.0.2', '198.51.100.4', '198.51.100.4'],
    ['one proxy without a socket (in-process requests)', '1', undefined, '6.6.6.6, 198.51.100.4', '198.51.100.4'],
    [
      'list: right-most untrusted entry',
      '10.0.0.0/8,192.168.1.5',
      '10.0.0.2',
      '6.6.6.6, 198.51.100.4, 192.168.1.5, 10.1.1.1',
      '198.51.100.4',
    ],
    ['list: untrusted socket, header ignored', '10.0.0.0/8', '203.0.113.9', '198.51.100.4', '203.0.113.9'],
    ['list: all trusted, the leftmost', '10.0.0.0/8', '10.0.0.2', '10.9.9.9, 10.0.0.1', '10.9.9.9'],
    ['list: no socket counts as untrusted', '10.0.0.0/8', undefined, '198.51.100.4', 'unknown'],
    ['list: single addresses match exactly', '192.168.1.5', '192.168.1.5', '192.168.1.6, 198.51.100.4', '198.51.100.4'],
    ['IPv6 loopback proxy, IPv6 client', '::1/128', '::1', '2001:db8::1', '2001:db8::1'],
    ['IPv6 ranges', '2001:db8:ffff::/48,::1', '::1', '2001:db8::7, 2001:db8:ffff::1', '2001:db8::7'],
    ['IPv6 addresses are compared in lower case', '::1', '::1', '2001:DB8::A', '2001:db8::a'],
    ['a mapped socket address is IPv4', '127.0.0.1', '::ffff:127.0.0.1', '198.51.100.4', '198.51.100.4'],
    ['mapped entries are IPv4 (dotted and hex)', '10.0.0.0/8', '::ffff:10.0.0.2', '::ffff:198.51.100.4, ::ffff:a00:1', '198.51.100.4'],
    ['no trust: the mapped socket address is still normalised', undefined, '::ffff:203.0.113.7', undefined, '203.0.113.7'],
    ['garbage to the left is never reached', '1', '127.0.0.1', 'garbage, <script>, 198.51.100.4', '198.51.100.4'],
    [
      'garbage is untrusted: it becomes the client when reached',
      '10.0.0.0/8',
      '10.0.0.2',
      '198.51.100.4, not-an-ip, 10.0.0.1',
      'not-an-ip',
    ],
    ['garbage from a misconfigured proxy is capped', '1', '127.0.0.1', 'x'.repeat(500), 'x'.repeat(64)],
    ['ports and brackets are dropped', '10.0.0.0/8', '10.0.0.2', '198.51.100.4:5555, [2001:db8::1]:443', '2001:db8::1'],
  ];
  it.each(table)('%s', (_case, trust, socket, xff, expected) => {
    expect(resolveClientIp(socket, xff, t(trust))).toBe(expected);
  });

  it('rotating first hops all resolve to the one real client', () => {
    const seen = new Set(Array.from({ length: 40 }, (_, i) => resolveClientIp('127.0.0.1', `10.${i}.0.1, 198.51.100.4`, t('1'))));
    expect([...seen]).toEqual(['198.51.100.4']);
  });

  it('reads the socket of a Node request and the header through Hono', async () => {
    const app = new Hono().get('/', (c) => c.text(clientIp(c, t('1'))));
    const env = { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } };
    const res = await app.request('/', { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' } }, env);
    expect(await res.text()).toBe('198.51.100.4');
    expect(await (await app.request('/', {}, env)).text()).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY values', () => {
  it('reads off, hop counts and lists', () => {
    for (const off of [undefined, '', 'false', '0', 'no', 'FALSE']) expect(t(off)).toBeNull();
    expect(t('true')).toEqual({ hops: 1 });
    expect(t('1')).toEqual({ hops: 1 });
    expect(t('3')).toEqual({ hops: 3 });
    const list = t(' 10.0.0.0/8, 192.168.1.5 ,::1/128,::ffff:172.16.0.1, 2001:DB8::/32');
    expect(list && 'list' in list ? list.list : null).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', '172.16.0.1', '2001:db8::/32']);
  });

  it.each(['maybe', '10.0.0.0/33', '::1/129', '10.0.0.0/8,', '300.1.1.1', 'example.com', '10.0.0.0/8/8', '-1', '1.5', '50'])(
    'refuses %j with a readable message',
    (bad) => {
      expect(() => t(bad)).toThrow(/^must be false, true, a number of proxies/);
    },
  );

  it('normalises addresses and rejects what is not one', () => {
    expect(normalize(' ::FFFF:1.2.3.4 ')).toBe('1.2.3.4');
    expect(normalize('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(normalize('[::1]')).toBe('::1');
    expect(normalize('1.2.3.4:80')).toBe('1.2.3.4');
    for (const bad of ['', 'unknown', '1.2.3', '1.2.3.4.5', '::ffff:zz', '[1.2.3.4', '1.2.3.4:']) expect(normalize(bad)).toBeNull();
  });
});
