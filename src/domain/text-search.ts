// Type-to-filter for the searchable choices: accents and case do not matter ('peru' finds 'Perú',
// 'espana' finds 'España'). Neutral module: the calculator island and the tests use it.

/** Lower case, without diacritics, spaces collapsed. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The options whose label contains the query (or whose id starts with it), best first: labels that
 * start with the query, then labels with a word starting with it, then the rest, each in list order.
 * An empty query keeps the whole list.
 */
export function filterOptions<O extends { id: string; label: string }>(options: readonly O[], query: string): O[] {
  const q = fold(query);
  if (!q) return [...options];
  const ranked: { o: O; rank: number; i: number }[] = [];
  options.forEach((o, i) => {
    const label = fold(o.label);
    let rank: number;
    if (label.startsWith(q)) rank = 0;
    else if (label.split(/[\s/().,+-]+/).some((w) => w.startsWith(q))) rank = 1;
    else if (label.includes(q) || o.id.startsWith(q)) rank = 2;
    else return;
    ranked.push({ o, rank, i });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.i - b.i).map((r) => r.o);
}

/** The option a typed text names exactly (accents and case aside), if any. */
export function exactOption<O extends { id: string; label: string }>(options: readonly O[], text: string): O | undefined {
  const q = fold(text);
  return q ? options.find((o) => fold(o.label) === q || o.id === q) : undefined;
}
