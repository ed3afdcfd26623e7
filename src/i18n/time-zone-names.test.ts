import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES } from '../domain/scheduling';
import { zoneLabel, zoneOptions } from './time-zone-names';

const WINTER = new Date('2026-12-01T15:00:00Z');
const SUMMER = new Date('2026-07-01T15:00:00Z');

describe('time zone names', () => {
  it('names a zone the way people do, in each language, with its offset', () => {
    expect(zoneLabel('America/Bogota', 'es', WINTER)).toBe('Hora de Colombia (GMT-5)');
    expect(zoneLabel('America/Bogota', 'en', WINTER)).toBe('Colombia time (GMT-5)');
    expect(zoneLabel('Europe/Madrid', 'es', WINTER)).toBe('Hora de Europa central (GMT+1)');
    expect(zoneLabel('UTC', 'en', WINTER)).toBe('UTC (GMT+0)');
  });

  it('follows daylight saving time in the offset', () => {
    expect(zoneLabel('Europe/Madrid', 'en', SUMMER)).toMatch(/\(GMT\+2\)$/);
  });

  it('sorts the options west to east and tells apart zones that share a name', () => {
    const options = zoneOptions(COMMON_TIME_ZONES, 'es', WINTER);
    const offsets = options.map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(options[0]!.id).toBe('America/Los_Angeles');
    expect(options.at(-1)!.group).toBe('GMT+1');
    const labels = options.map((o) => o.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(options.find((o) => o.id === 'America/Mexico_City')!.label).toBe('Hora central, Mexico City (GMT-6)');
  });
});
