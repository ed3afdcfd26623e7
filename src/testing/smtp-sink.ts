import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 that keeps what it receives, for delivery tests. `failNext` makes the
// next messages be refused with a temporary error, as a busy mail server would.
type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text/plain part (or the whole body of a single-part message). */
  text: string;
  /** The text/html part, when there is one. */
  html: string | null;
  headers: Record<string, string>;
};

export type SmtpSink = { url: string; port: number; received: ReceivedMail[]; failNext: number; close(): Promise<void> };

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    enc === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : enc === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          )
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8');
}

function decodeHeader(v: string): string {
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseMail(raw: string): { headers: Record<string, string>; text: string; html: string | null } {
  const { headers, body } = parsePart(raw);
  const boundary = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { headers, text: body, html: null };
  // multipart/alternative (text and HTML), possibly inside multipart/mixed with a calendar part.
  const parts = leafParts(raw.slice(raw.indexOf('\r\n\r\n') + 4), boundary);
  const text = parts.find((p) => /^text\/plain/i.test(p.headers['content-type'] ?? 'text/plain'))?.body ?? '';
  const html = parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? ''))?.body ?? null;
  return { headers, text, html };
}

function leafParts(body: string, boundary: string): { headers: Record<string, string>; body: string }[] {
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = chunk.replace(/^\r\n/, '');
      const parsed = parsePart(part);
      const inner = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(parsed.headers['content-type'] ?? '')?.[1];
      return inner ? leafParts(part.slice(part.indexOf('\r\n\r\n') + 4), inner) : [parsed];
    });
}

function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  return {
    headers,
    body: decodeBody(headers, raw.slice(split + 4))
      .replace(/\r\n/g, '\n')
      .trimEnd(),
  };
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received: [],
    failNext: 0,
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.failNext > 0) {
          sink.failNext--;
          return done(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const { headers, text, html } = parseMail(raw);
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headers.subject ?? '',
          text,
          html,
          headers,
        });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
