/**
 * An ASCII slug: accents dropped, lower case, every run of other characters one dash, none at either end,
 * then cut at `max` characters ("José Pérez" -> "jose-perez"). The cut may end on a dash; callers that
 * must not end on one say so.
 */
export function slugify(text: string, max = Infinity): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max);
}
