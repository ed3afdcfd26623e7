// The soak's traffic (bench/soak.mjs): what visitors do, each kind one function that sends its request(s)
// to an instance and records them, and a pool of loops that pick a kind by weight and the instances in
// turn until the deadline or the request cap. Only 5xx answers and network failures count as errors;
// 4xx answers that are part of the product (already applied) are listed apart.
const PASSWORD = 'soak-password-2026';
const DEMO_PASSWORD = 'tandem-demo-2026';
const SALARY_PAGES = ['/herramientas/peru/backend', '/herramientas/mexico/salario', '/en/tools/colombia/frontend'];
const SEARCHES = ['/trabajos', '/peru/trabajos/backend', '/mexico/trabajos', '/en/trabajos'];
const WORDS = ['react', 'go', 'datos', 'senior', 'remoto', 'python', 'lima', 'cloud'];
const CALCULATOR =
  '/herramientas/salario/calculadora/resultado?country=peru&role=backend&seniority=mid&english=advanced&modality=remote-global&skills=docker,aws';
const CONTRIBUTION_GROUPS = [
  ['peru', 'backend', 'mid'],
  ['mexico', 'frontend', 'senior'],
  ['colombia', 'data-engineer', 'junior'],
  ['argentina', 'devops', 'mid'],
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Per-kind counts, latencies, answers and the first failures, for the report. */
export function createStats() {
  const kinds = new Map();
  const of = (kind) => {
    let s = kinds.get(kind);
    if (!s) kinds.set(kind, (s = { requests: 0, errors: 0, ms: [], statuses: new Map(), examples: [] }));
    return s;
  };
  return {
    kinds,
    total: () => [...kinds.values()].reduce((n, s) => n + s.requests, 0),
    record(kind, status, ms, request, detail) {
      const s = of(kind);
      s.requests++;
      s.ms.push(ms);
      const key = status ?? 'network';
      s.statuses.set(key, (s.statuses.get(key) ?? 0) + 1);
      if (status === null || status >= 500) {
        s.errors++;
        if (s.examples.length < 5)
          s.examples.push({ kind, request, status: key, ms: Math.round(ms), detail: String(detail).slice(0, 240) });
      }
    },
  };
}

/** The rows of the traffic table: requests, errors against the target 0, other answers, latency. */
export function trafficRows(stats) {
  const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : 0);
  return [...stats.kinds.entries()].map(([kind, s]) => {
    const sorted = Float64Array.from(s.ms).sort();
    const other = [...s.statuses.entries()]
      .filter(([st]) => st !== 'network' && (st < 200 || st >= 300) && st < 500)
      .map(([st, n]) => `${st}×${n}`)
      .join(' ');
    return {
      kind,
      requests: s.requests,
      'errors (5xx, network)': s.errors,
      target: '0',
      met: s.errors === 0 ? 'PASS' : 'MISS',
      'other answers (4xx, 3xx)': other,
      'p50 ms': Math.round(pct(sorted, 0.5)),
      'p99 ms': Math.round(pct(sorted, 0.99)),
      'max ms': Math.round(sorted[sorted.length - 1] ?? 0),
    };
  });
}

/**
 * The kinds of traffic against `bases` (the instances' URLs). `origin` is what a browser sends on a post
 * (SITE_URL, the public name both instances answer for); `offers` the open offers' slugs (new ones join).
 */
export function createTraffic({ bases, origin, offers, accounts }) {
  let turn = 0;
  const nextBase = () => bases[turn++ % bases.length];

  /** One request, timed up to the end of its body; null status on a network failure or a timeout. */
  async function send(stats, kind, path, init = {}) {
    const base = nextBase();
    const request = `${init.method ?? 'GET'} ${base}${path}`;
    const t0 = performance.now();
    try {
      const res = await fetch(base + path, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
        headers: { 'accept-language': 'es', 'accept-encoding': 'br, gzip', ...init.headers },
      });
      const body = await res.text();
      stats.record(kind, res.status, performance.now() - t0, request, body);
      return { status: res.status, body, headers: res.headers };
    } catch (err) {
      stats.record(kind, null, performance.now() - t0, request, err?.cause?.code ?? err?.message ?? err);
      return null;
    }
  }
  const cookieOf = (who) => `tandem_token=${who.token}; tandem_type=${who.type}; tandem_signed_in=${who.type}`;
  /** A form post as the page's script sends it: same-origin, JSON answer wanted. */
  const formPost = (fields, who) => ({
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      origin,
      'sec-fetch-site': 'same-origin',
      ...(who ? { cookie: cookieOf(who) } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const json = (body, token) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const candidate = () => pick(accounts.candidates);

  const kinds = {
    'page, anonymous': (stats) => {
      const slug = pick(offers);
      const path = pick([
        '/',
        '/en',
        pick(SEARCHES),
        `/trabajos?q=${pick(WORDS)}`,
        `/oferta/${slug}`,
        `/en/oferta/${slug}`,
        pick(SALARY_PAGES),
        pick(SALARY_PAGES),
      ]);
      return send(stats, 'page, anonymous', path);
    },
    // What a signed-in browser sends: the session cookies and the readable hint (shared pages come from
    // the page cache; account pages and the calculator result are rendered for the visitor).
    'page, signed in': (stats) => {
      const c = candidate();
      const [who, path] = pick([
        [c, '/match/plataforma'],
        [c, '/en/match/plataforma'],
        [c, `/oferta/${pick(offers)}`],
        [c, CALCULATOR],
        [c, pick(SALARY_PAGES)],
        [accounts.company, '/hire/site'],
        [accounts.company, pick(SEARCHES)],
      ]);
      return send(stats, 'page, signed in', path, { headers: { cookie: cookieOf(who) } });
    },
    // The web form and the API in turn, candidates and the company.
    'sign-in': (stats) => {
      const who = Math.random() < 0.2 ? accounts.company : candidate();
      if (Math.random() < 0.5) {
        return send(stats, 'sign-in', '/ingresar', formPost({ type: who.type, email: who.email, password: who.password }));
      }
      return send(stats, 'sign-in', `/api/v3/${who.type}/auth/login`, json({ email: who.email, password: who.password }));
    },
    // A candidate applies from the offer page; a second time is 409 (already applied), a product answer.
    apply: (stats) => send(stats, 'apply', `/oferta/${pick(offers)}`, formPost({}, candidate())),
    // The company drafts an offer, then publishes it (two requests; the page-cache purge of every instance).
    'publish offer': async (stats) => {
      const [country, role, seniority] = pick(CONTRIBUTION_GROUPS);
      const draft = await send(
        stats,
        'publish offer',
        '/api/v3/hire/offers',
        json(
          {
            title: `Soak ${role} ${seniority} ${Math.random().toString(36).slice(2, 7)}`,
            area: 'tech',
            role,
            seniority,
            modality: 'remote-global',
            country,
            employment_type: 'full-time',
            skills_required: ['docker'],
            skills_nice: [],
            salary_min: 2000,
            salary_max: 3500,
            currency: 'USD',
            period: 'month',
            description: 'Buscamos una persona para el equipo, con trabajo remoto y horario flexible.',
          },
          accounts.company.token,
        ),
      );
      if (draft?.status !== 201) return;
      const { id, slug } = JSON.parse(draft.body).result;
      const published = await send(stats, 'publish offer', `/api/v3/hire/offers/${id}/publish`, json({}, accounts.company.token));
      if (published?.status === 200) offers.push(slug);
    },
    // A signed-in candidate gives their salary on the calculator result (one report per user, replaced).
    'salary contribution': (stats) => {
      const [country, role, seniority] = pick(CONTRIBUTION_GROUPS);
      const amount = String(1500 + Math.floor(Math.random() * 2500));
      const path = `/herramientas/salario/calculadora/resultado?country=${country}&role=${role}&seniority=${seniority}`;
      return send(stats, 'salary contribution', path, formPost({ salary_amount: amount, salary_currency: 'USD' }, candidate()));
    },
  };
  const WEIGHTS = { 'page, anonymous': 45, 'page, signed in': 25, 'sign-in': 3, apply: 12, 'publish offer': 3, 'salary contribution': 4 };
  const table = Object.entries(WEIGHTS).flatMap(([k, w]) => Array(w).fill(kinds[k]));

  /** `concurrency` loops, each one request (or pair) at a time, until `until` (ms epoch) or `cap` requests. */
  async function run(stats, { concurrency, until, cap }) {
    const loop = async () => {
      while (Date.now() < until && stats.total() < cap) await pick(table)(stats);
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
  }

  return { run, kinds };
}

/**
 * The accounts the traffic uses: the demo candidate and company (checked: they sign in) and `extra`
 * candidates registered through the API, so that applications are not all "already applied".
 */
export async function signInAccounts(base, extra) {
  const login = async (type, email, password) => {
    const res = await fetch(`${base}/api/v3/${type}/auth/login`, json0({ email, password }));
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
    return { type, email, password, token: (await res.json()).result.access_token };
  };
  const candidates = [await login('match', 'candidata@demo.tandem.example', DEMO_PASSWORD)];
  const run = Date.now().toString(36);
  for (let i = 0; i < extra; i++) {
    const email = `soak-${run}-${i}@example.com`;
    const res = await fetch(
      `${base}/api/v3/match/register`,
      json0({ name: 'Soak', last_name: `Candidate ${i}`, email, password: PASSWORD }),
    );
    if (res.status !== 201) throw new Error(`register of ${email} failed: ${res.status} ${await res.text()}`);
    candidates.push({ type: 'match', email, password: PASSWORD, token: (await res.json()).result.access_token });
  }
  return { candidates, company: await login('hire', 'empresa@demo.tandem.example', DEMO_PASSWORD) };
}
const json0 = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
