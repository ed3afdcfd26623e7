import { expect } from '@playwright/test';
import ICAL from 'ical.js';
import { E2E_SMTP_ORIGIN } from './env';

// What the tests' SMTP server received (e2e/smtp-sink-server.mjs), and the calendar invite inside a message.
type Received = { to: string[]; subject: string; text: string; raw: string; headers: Record<string, string> };

async function receivedMail(): Promise<Received[]> {
  const res = await fetch(`${E2E_SMTP_ORIGIN}/messages`);
  return (await res.json()) as Received[];
}

/** Wait until messages to each address arrive (the outbox delivers in the background), newest per address. */
export async function waitForMail(addresses: string[], match: (m: Received) => boolean = () => true): Promise<Received[]> {
  let found: Received[] = [];
  await expect
    .poll(
      async () => {
        const all = await receivedMail();
        found = addresses.map((a) => all.filter((m) => m.to.includes(a) && match(m)).at(-1)).filter((m): m is Received => !!m);
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBe(addresses.length);
  return found;
}

function decode(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** The text/calendar part of a raw MIME message, parsed by ical.js. */
export function calendarOf(raw: string) {
  const part = /Content-Type: text\/calendar[^\r\n]*(?:\r\n[ \t][^\r\n]*)*\r\n((?:[A-Za-z-]+:[^\r\n]*\r\n)*)\r\n([\s\S]*?)\r\n--/i.exec(
    raw,
  );
  if (!part) throw new Error('no text/calendar part');
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(part[1]!)?.[1] ?? '7bit';
  const ics = decode(part[2]!, encoding);
  const comp = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
  return { method: comp.getFirstPropertyValue('method') as string, event, ics };
}
