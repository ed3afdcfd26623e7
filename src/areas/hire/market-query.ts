// The fields of the offer form that the market check reads, as the query of /api/v3/hire/market (decision 088).
const MARKET_FIELDS = ['role', 'seniority', 'country', 'english', 'modality', 'salary_min', 'salary_max', 'currency', 'period'] as const;

/** The form's market fields, trimmed; the ones left empty are not sent. */
export function marketQueryOf(data: { get(name: string): FormDataEntryValue | null }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of MARKET_FIELDS) {
    const v = data.get(f);
    if (typeof v === 'string' && v.trim()) out[f] = v.trim().slice(0, 40);
  }
  return out;
}
