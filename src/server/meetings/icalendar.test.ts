import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildInvite, type InviteEvent } from './icalendar';

// The invites are checked with a real iCalendar parser (ical.js, Mozilla's), not with our own reading.
const EVENT: InviteEvent = {
  method: 'REQUEST',
  uid: '5f0c1c1e-1111-4c3a-9d6e-0a0a0a0a0a0a@tandem.example',
  sequence: 0,
  start: new Date('2026-12-01T14:00:00Z'),
  end: new Date('2026-12-01T14:30:00Z'),
  stamp: new Date('2026-11-25T10:00:00Z'),
  summary: 'Reunión con Tandem: Peña, Núñez & Asociados; S.A.C.',
  description: 'Línea uno\nLínea dos, con coma; y punto y coma \\ barra. '.repeat(4),
  location: 'Videollamada',
  organizer: { name: 'Tandem', email: 'ventas@tandem.example' },
  attendee: { name: 'María "Majo" Pérez', email: 'maria@acme.example' },
};

function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const vevent = comp.getFirstSubcomponent('vevent')!;
  return { comp, vevent, event: new ICAL.Event(vevent) };
}

describe('iCalendar invites', () => {
  it('is a REQUEST with the event’s UID, times in UTC, organiser and attendee', () => {
    const { comp, vevent, event } = parse(buildInvite(EVENT, 'Tandem'));
    expect(comp.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(comp.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe(EVENT.uid);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:ventas@tandem.example');
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:maria@acme.example');
    expect(attendee.getParameter('cn')).toBe('María Majo Pérez');
    expect(attendee.getParameter('rsvp')).toBe('TRUE');
    expect(vevent.getFirstSubcomponent('valarm')).not.toBeNull();
  });

  it('escapes commas, semicolons, backslashes and newlines so text comes back intact', () => {
    const { event } = parse(buildInvite(EVENT, 'Tandem'));
    expect(event.summary).toBe(EVENT.summary);
    expect(event.description).toBe(EVENT.description);
  });

  it('folds long lines at 75 octets with CRLF, never splitting a UTF-8 character', () => {
    const ics = buildInvite({ ...EVENT, summary: 'ñ'.repeat(100) + '😀'.repeat(30) }, 'Tandem');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(parse(ics).event.summary).toBe('ñ'.repeat(100) + '😀'.repeat(30));
  });

  it('cancels with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const { comp, vevent, event } = parse(buildInvite({ ...EVENT, method: 'CANCEL', sequence: 2 }, 'Tandem'));
    expect(comp.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.uid).toBe(EVENT.uid);
    expect(event.sequence).toBe(2);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('keeps an address from breaking out of its property', () => {
    const ics = buildInvite({ ...EVENT, attendee: { name: 'X', email: 'x@y.example\r\nATTENDEE:mailto:evil@z.example' } }, 'Tandem');
    expect(parse(ics).vevent.getAllProperties('attendee')).toHaveLength(1);
    expect(ics).not.toContain('\r\nATTENDEE:mailto:evil');
  });
});
