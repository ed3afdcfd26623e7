// Part of npm run bench (bench/run.mjs): the product API and a signed-in page, on one server.
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

// The product API: GET /auth/me (token check plus one indexed read) and sign-in latency (argon2id cost).
/** Rows pushed into `results`: GET /auth/me at 10 and 50 connections, a signed-in page, sign-in latency. */
export async function apiBench(results, baseUrl, label) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const reg = await fetch(`${baseUrl}/api/v3/match/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', last_name: 'User', email, password }),
  });
  if (reg.status !== 201) throw new Error(`register failed on ${label}: ${reg.status} ${await reg.text()}`);
  const token = (await reg.json()).result.access_token;
  const logins = [];
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    const r = await fetch(`${baseUrl}/api/v3/match/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      body: JSON.stringify({ email, password }),
    });
    await r.arrayBuffer();
    logins.push(performance.now() - t0);
  }
  logins.sort((a, b) => a - b);
  for (const c of [10, 50]) {
    await autocannonRun(`${baseUrl}/api/v3/match/auth/me`, c, { authorization: `Bearer ${token}` });
    const r = await autocannonRun(`${baseUrl}/api/v3/match/auth/me`, c, { authorization: `Bearer ${token}` });
    const row = {
      page: `GET /auth/me (${label})`,
      conns: c,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'static req/s': '',
      ratio: '',
      errors: r.errors + r.non2xx,
      target: '',
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  // A signed-in page: the session cookie makes the server load the user before rendering (no page cache).
  {
    const cookie = `tandem_token=${token}; tandem_type=match`;
    await autocannonRun(`${baseUrl}/match/plataforma`, 10, { cookie });
    const r = await autocannonRun(`${baseUrl}/match/plataforma`, 10, { cookie });
    const row = {
      page: `signed-in /match/plataforma (${label})`,
      conns: 10,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'static req/s': '',
      ratio: '',
      errors: r.errors + r.non2xx,
      target: '>= 100 req/s',
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  results.push({
    page: `sign-in latency (${label}), median of 8`,
    conns: 1,
    'req/s': '',
    'p50 ms': Math.round(logins[4]),
    'p99 ms': Math.round(logins[7]),
    'static req/s': '',
    ratio: '',
    errors: 0,
    target: '50-150 ms',
  });
}
function autocannonRun(url, connections, headers) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: DURATION, headers }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}
