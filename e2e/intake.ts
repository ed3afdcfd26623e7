import { createServer, type IncomingMessage, type Server } from 'node:http';

// Local stand-ins for the analytics and monitoring services, so the browser tests can assert what the
// SDKs send without reaching an outside host. One server on 127.0.0.1 plays both:
// - RudderStack: GET /sourceConfig/ (the source configuration) and POST /v1/* (the data plane);
// - Datadog: POST /dd?ddforward=... (the SDKs' `proxy` option points here).
type AnalyticsEvent = {
  type: string;
  event?: string;
  userId?: string;
  anonymousId?: string;
  traits?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  context: Record<string, any>;
};
export type Intake = {
  analytics: AnalyticsEvent[];
  /** Datadog batches: each line of each request, with the forwarded path (rum, logs, ...). */
  monitoring: { track: string; body: Record<string, any> }[];
  configRequests: URL[];
  reset(): void;
  close(): Promise<void>;
};

const cors = (req: IncomingMessage) => ({
  'access-control-allow-origin': req.headers.origin ?? '*',
  'access-control-allow-credentials': 'true',
  'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
});

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const SOURCE_CONFIG = {
  isHosted: true,
  source: {
    config: { statsCollection: { errors: { enabled: false }, metrics: { enabled: false } } },
    id: 'src-tandem-test',
    name: 'Tandem e2e',
    writeKey: 'wk-e2e',
    workspaceId: 'ws-e2e',
    enabled: true,
    destinations: [],
  },
};

export function startIntake(port: number): Promise<Intake> {
  const intake: Intake = {
    analytics: [],
    monitoring: [],
    configRequests: [],
    reset() {
      intake.analytics.length = 0;
      intake.monitoring.length = 0;
      intake.configRequests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const headers = cors(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end();
      return;
    }
    void (async () => {
      if (req.method === 'GET' && url.pathname.endsWith('/sourceConfig/')) {
        intake.configRequests.push(url);
        res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(SOURCE_CONFIG));
        return;
      }
      if (req.method === 'POST' && url.pathname.startsWith('/v1/')) {
        const data = JSON.parse((await body(req)) || '{}') as { batch?: AnalyticsEvent[] } & AnalyticsEvent;
        for (const e of data.batch ?? [data]) intake.analytics.push(e);
        res.writeHead(200, { ...headers, 'content-type': 'text/plain' }).end('OK');
        return;
      }
      if (req.method === 'POST' && url.pathname === '/dd') {
        const forward = url.searchParams.get('ddforward') ?? '';
        const track = /\/api\/v2\/(\w+)/.exec(forward)?.[1] ?? forward;
        for (const line of (await body(req)).split('\n').filter(Boolean)) {
          try {
            intake.monitoring.push({ track, body: JSON.parse(line) as Record<string, any> });
          } catch {
            /* replay segments are not JSON lines */
          }
        }
        res.writeHead(202, headers).end();
        return;
      }
      // A failing endpoint, for the forwarding of failed requests to the log service.
      if (url.pathname === '/fail') {
        res.writeHead(503, headers).end('down');
        return;
      }
      res.writeHead(404, headers).end();
    })();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(intake)));
}
