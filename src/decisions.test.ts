// Every decision record says whether it still holds: a `Status:` line under its title, `accepted` (perhaps
// "amended by NNN" where a later decision changed a part) or `superseded by NNN`. A changed decision gets a
// new record that supersedes it rather than a rewrite, so the numbers named must be decisions that exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(process.cwd(), 'docs/decisions');
const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));
const numberOf = (file: string) => file.slice(0, 3);
const numbers = new Set(files.map(numberOf));

/** The status line of a decision's text: the first non-blank line after the title, or null. */
function statusOf(text: string): string | null {
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('# ')) return null;
  const next = lines.slice(1).find((l) => l.trim() !== '');
  return next?.startsWith('Status: ') ? next : null;
}

const STATUS = /^Status: (accepted|superseded by (\d{3}))\b/;

/** The decision numbers a status line names (superseded by / amended by). */
function namedDecisions(status: string): string[] {
  return [...status.matchAll(/(?:superseded by|amended by|\) and) (\d{3})\b/g)].map((m) => m[1] ?? '');
}

describe('decision records', () => {
  it('are numbered NNN-title.md, one file per number', () => {
    expect(files.length).toBeGreaterThan(30);
    for (const f of files) expect(f).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
    expect(numbers.size).toBe(files.length);
  });

  it.each(files)('%s has a Status line under its title', (file) => {
    const status = statusOf(readFileSync(join(DIR, file), 'utf8'));
    expect(status, `${file}: the line after the title must be "Status: accepted" or "Status: superseded by NNN"`).toMatch(STATUS);
  });

  it.each(files)('%s names only decisions that exist, superseded by a later one', (file) => {
    const status = statusOf(readFileSync(join(DIR, file), 'utf8')) ?? '';
    for (const n of namedDecisions(status)) expect(numbers, `${file} names decision ${n}`).toContain(n);
    const by = STATUS.exec(status)?.[2];
    if (by) expect(Number(by), `${file} is superseded by an earlier decision`).toBeGreaterThan(Number(numberOf(file)));
  });

  it('the checks refuse what they should', () => {
    expect(statusOf('# 001 Title\n\n## Context\n')).toBeNull();
    expect(statusOf('# 001 Title\n\nStatus: accepted\n')).toBe('Status: accepted');
    expect('Status: maybe').not.toMatch(STATUS);
    expect(namedDecisions('Status: superseded by 999')).toEqual(['999']);
    expect(numbers).not.toContain('999');
    expect(namedDecisions('Status: accepted; amended by 002 (x) and 017 (y)')).toEqual(['002', '017']);
  });
});
