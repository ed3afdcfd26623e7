import 'server-only';

// iCalendar invites for meeting bookings (RFC 5545, iTIP RFC 5546): one VEVENT with a stable UID, so that
// a reschedule (same UID, SEQUENCE + 1) moves the event in the attendee's calendar and a CANCEL removes it.
export type InviteEvent = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

/** TEXT values: backslash, semicolon, comma and newlines escaped (§3.3.11); other control characters dropped. */
function text(v: string): string {
  return v
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A parameter value (CN): quoted, with the characters a quoted value cannot hold removed (§3.2). */
const param = (v: string) => `"${v.replace(/["\u0000-\u001f\u007f]/g, '').slice(0, 120)}"`;

/** mailto: URIs carry the address as is; refuse what could break the line. */
const mailto = (email: string) => `mailto:${email.replace(/[\s"<>;:,\\]/g, '')}`;

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence (§3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Step back to a character boundary (continuation bytes are 10xxxxxx).
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // continuation lines start with the folding space
  }
  return parts.join('\r\n ');
}

export function buildInvite(e: InviteEvent, prodId: string): string {
  const cancel = e.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${prodId.replace(/[/\r\n]/g, '')}//Meetings//ES`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SEQUENCE:${e.sequence}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    `LOCATION:${text(e.location)}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${param(e.organizer.name)}:${mailto(e.organizer.email)}`,
    `ATTENDEE;CN=${param(e.attendee.name)};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(e.attendee.email)}`,
    ...(cancel ? [] : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${text(e.summary)}`, 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
