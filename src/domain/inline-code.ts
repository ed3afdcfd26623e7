// Answer options are plain text where `backticks` mark code. Split into parts the page renders as text and
// <code>: React escapes both, so an option can never inject markup. An unpaired backtick stays as it is.
export type InlinePart = { code: boolean; text: string };

export function splitInlineCode(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const re = /`([^`\n]+)`/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ code: false, text: text.slice(last, m.index) });
    parts.push({ code: true, text: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ code: false, text: text.slice(last) });
  return parts;
}
