// Front matter of the learning content files (decision 020): the `key: value` subset of YAML between two
// `---` lines at the top of a Markdown file. Values are strings, whole or decimal numbers, true/false, or
// empty; double quotes keep a string as written (colons, leading symbols). Anything else is an error, so
// an editor's typo fails the content test instead of loading silently.
export type FrontMatterValue = string | number | boolean | null;
export type FrontMatter = { data: Record<string, FrontMatterValue>; body: string };

const KEY = /^([a-z][a-z0-9_]*):(?:\s+(.*))?$/;

function valueOf(raw: string): FrontMatterValue {
  const v = raw.trim();
  if (v === '') return null;
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(v)) throw new Error(`Unclosed quoted value: ${v}`);
    return JSON.parse(v) as string;
  }
  return v;
}

export function parseFrontMatter(text: string): FrontMatter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') throw new Error('The file does not start with a front matter block (---)');
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (end < 0) throw new Error('The front matter block is not closed (---)');
  const data: Record<string, FrontMatterValue> = {};
  for (const [i, line] of lines.slice(1, end).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = KEY.exec(line);
    if (!m) throw new Error(`Front matter line ${i + 2} is not "key: value": ${line}`);
    const key = m[1]!;
    if (key in data) throw new Error(`Front matter key "${key}" appears twice`);
    data[key] = valueOf(m[2] ?? '');
  }
  return {
    data,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}
