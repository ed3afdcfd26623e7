// Campaign fields kept from the query string of a visit (docs/product-rules.md): the last value wins when a field is
// repeated; empty values are ignored; each value is capped to what the users table stores.
const UTM_FIELDS = ['utm_id', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

export function captureUtm(params: URLSearchParams): Utm | null {
  const out: Utm = {};
  for (const f of UTM_FIELDS) {
    const values = params
      .getAll(f)
      .map((v) => v.trim())
      .filter(Boolean);
    const last = values[values.length - 1];
    if (last) out[f] = last.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  }
  return Object.keys(out).length ? out : null;
}

/** The campaign fields of a query as a query string of their own ('' when there are none). */
export function utmQuery(params: URLSearchParams): string {
  const utm = captureUtm(params);
  return utm ? new URLSearchParams(utm).toString() : '';
}

/** Parse a stored capture, keeping only known fields with string values. */
export function parseUtm(raw: string | undefined): Utm | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    const out: Utm = {};
    // The cookie is the visitor's to edit: the same cleaning as a capture (a NUL byte cannot be stored).
    for (const f of UTM_FIELDS) {
      const v =
        typeof data[f] === 'string'
          ? data[f]
              .replace(/[\u0000-\u001f\u007f]/g, '')
              .trim()
              .slice(0, 200)
          : '';
      if (v) out[f] = v;
    }
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}
