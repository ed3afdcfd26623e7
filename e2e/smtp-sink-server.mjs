// The browser tests' mail server: a real SMTP server on 127.0.0.1 (src/testing/smtp-sink.ts, loaded by Node's own TypeScript support) that the
// integrations test server delivers to, and a small HTTP door on another port through which the tests read
// what arrived. Started by Playwright as a web server and stopped with the run.
import { createServer } from 'node:http';
import { startSmtpSink } from '../src/testing/smtp-sink.ts';
import { E2E_SMTP_HTTP_PORT, E2E_SMTP_PORT } from './env.ts';

const sink = await startSmtpSink(E2E_SMTP_PORT);
const http = createServer((req, res) => {
  if (req.url === '/healthz') return void res.end('ok');
  if (req.url === '/messages' && req.method === 'GET') {
    res.setHeader('content-type', 'application/json');
    return void res.end(JSON.stringify(sink.received));
  }
  res.statusCode = 404;
  res.end();
});
http.listen(E2E_SMTP_HTTP_PORT, '127.0.0.1');
const stop = () => {
  http.close();
  void sink.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
