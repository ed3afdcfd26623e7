// Time zones as people name them ("Hora de Colombia (GMT-5)", "Colombia time (GMT-5)"), built with Intl in
// the page's language, so the server's select and the booking island's agree. Pure: both sides use it.
import { localeInfo, type Locale } from './locales';

export type ZoneOption = { id: string; label: string; group: string; offset: number };

function zonePart(tz: string, language: string, style: 'longGeneric' | 'shortOffset', at: Date): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone: tz, timeZoneName: style }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? tz;
}

/** Minutes ahead of UTC, read from the "GMT-5" / "GMT+5:30" form ("GMT" alone is UTC). */
function offsetOf(short: string): number {
  const m = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(short);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The zone's generic name: "standard" dropped (these zones name one time all year), first letter capital. */
function genericName(tz: string, language: string, at: Date): string {
  const name = zonePart(tz, language, 'longGeneric', at)
    .replace(/\s+(estándar|standard)\b/i, '')
    .replace(/ Time$/, ' time');
  // A zone without a name of its own comes back as its offset: the city says more then.
  if (/^GMT/.test(name)) return tz === 'UTC' ? 'UTC' : (tz.split('/').at(-1) ?? tz).replace(/_/g, ' ');
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** "GMT-5", "GMT+5:30", "GMT+0" (the same in every language: people compare it with their clocks). */
function zoneOffsetName(tz: string, at: Date): string {
  const short = zonePart(tz, 'en-US', 'shortOffset', at);
  return short === 'GMT' ? 'GMT+0' : short;
}

/** "Hora de Colombia (GMT-5)" in Spanish, "Colombia time (GMT-5)" in English. */
export function zoneLabel(tz: string, locale: Locale, at: Date): string {
  return `${genericName(tz, localeInfo[locale].language, at)} (${zoneOffsetName(tz, at)})`;
}

/**
 * The select's options: grouped by offset (west to east), by name within a group. Zones that share a name
 * and an offset ("Central time" in Mexico City and in Guatemala) add their city.
 */
export function zoneOptions(zones: readonly string[], locale: Locale, at: Date): ZoneOption[] {
  const language = localeInfo[locale].language;
  const list = [...new Set(zones)].map((id) => {
    const group = zoneOffsetName(id, at);
    return { id, name: genericName(id, language, at), group, offset: offsetOf(group) };
  });
  const seen = new Map<string, number>();
  for (const z of list) seen.set(`${z.name}|${z.group}`, (seen.get(`${z.name}|${z.group}`) ?? 0) + 1);
  const collator = new Intl.Collator(language);
  return list
    .map((z) => {
      const city = (z.id.split('/').at(-1) ?? z.id).replace(/_/g, ' ');
      const name = (seen.get(`${z.name}|${z.group}`) ?? 0) > 1 ? `${z.name}, ${city}` : z.name;
      return { id: z.id, label: `${name} (${z.group})`, group: z.group, offset: z.offset };
    })
    .sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label));
}
