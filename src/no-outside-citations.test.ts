// Comments and docs say what matters in place, or point at a page of docs/: a clone has neither the design
// notes the project started from (the spec, the product and Waku notes, the library and model lists kept
// beside the checkout) nor the tracker, so "see WAKU.md §4" or "issue 17" would send a reader nowhere.
// Waku facts live in docs/waku-notes.md, product rules in docs/product-rules.md, reasons in docs/decisions/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SELF = 'src/no-outside-citations.test.ts';

/** A citation of a file a clone lacks, or of an issue number. */
const CITATION = new RegExp(
  [
    String.raw`\b(?:WAKU|PRODUCT|LIBS|MODELS|SPEC)\.md\b`, // the design notes by name
    String.raw`\bSPEC\b`, // "SPEC §7", "SPEC's"
    String.raw`\.\./shared\b`, // the folder beside the checkout that holds them
    String.raw`\b[Ii]ssues? #?\d+`, // "issue 17", "Issue 13", "issues 5"
    String.raw`(?:^|[\s(\[])#\d{1,4}\b`, // "#23", "(#5)"
  ].join('|'),
  'm',
);

/** Every line of `text` that cites something a clone does not have, as `line: text`. */
function citations(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [`${i + 1}: ${line.trim().slice(0, 160)}`] : []));
}

const root = process.cwd();
// Tracked files, and new ones not yet added (so a local run sees them before the commit does).
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && f !== SELF && !f.startsWith('node_modules/') && existsSync(join(root, f)));

describe('no citation of files a clone does not have, nor of issue numbers', () => {
  it('the matcher finds them, and leaves look-alikes alone', () => {
    for (const cited of [
      '// see WAKU.md §4',
      '(PRODUCT.md §5)',
      '// SPEC §9: tracking cookie max age',
      "the SPEC's routes",
      'LIBS.md §8 "client hydration"',
      'MODELS.md',
      'sample files in ../shared/data',
      '// Anonymous drafts (issue 10): capped',
      'Issue 17 asks for',
      'fixed in #23',
      'see (#5)',
    ])
      expect(citations(cited), cited).toHaveLength(1);
    for (const fine of [
      "import.meta.env.WAKU_BUILD_ID ?? 'dev'",
      '__WAKU_CUSTOM_ERROR__;{"status":307}',
      'const SPECS: Spec[] = []',
      'an Ed25519 private key in PKCS#8 PEM',
      "background: '#888'",
      '.replace(/&#39;/g, "\'")',
      'the survey folder beside the checkout (shared/data)',
      'decision 017 explains the issue',
    ])
      expect(citations(fine), fine).toEqual([]);
  });

  it('every tracked file says what matters in place', () => {
    expect(tracked.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of tracked) {
      const bytes = readFileSync(join(root, file));
      if (bytes.includes(0)) continue; // images, fonts
      for (const hit of citations(bytes.toString('utf8'))) found.push(`${file}:${hit}`);
    }
    expect(found, 'say it in place, or point at docs/ (docs/waku-notes.md, docs/product-rules.md, a decision)').toEqual([]);
  });
});
