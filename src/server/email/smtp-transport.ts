import 'server-only';
import nodemailer from 'nodemailer';
import type { MailTransport } from './email-service';

/** Mail delivery through an SMTP server given as a URL: smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Connections are kept and reused: a digest run sends thousands of messages, and a new connection (and
    // TLS handshake) per message would make that take an hour.
    pool: true,
    maxConnections: 3,
    maxMessages: 500,
    // Fail a stuck delivery within seconds; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(m) {
      await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        headers: m.headers,
        // An invite travels as a text/calendar alternative (what calendar clients act on) and as an .ics file.
        ...(m.calendar ? { icalEvent: { method: m.calendar.method, filename: 'invite.ics', content: m.calendar.content } } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
