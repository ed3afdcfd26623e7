// Comments and docs say what matters in place, or point at a page of docs/: a clone has neither the design
// notes the project started from (the spec, the product and Waku notes, the library and model lists kept
// beside the checkout) nor the tracker, so a pointer to one of those notes or to a ticket number would send
// a reader nowhere. Waku facts live in docs/waku-notes.md, product rules in docs/product-rules.md, reasons in
// docs/decisions/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The spec's short name, spelled in two pieces so that this file does not cite it. */
const SPEC_NAME = 'SP' + 'EC';

/** A citation of a file a clone lacks, or of an issue number. */
const CITATION = new RegExp(
  [
    String.raw`\b(?:WAKU|PRODUCT|LIBS|MODELS|` + SPEC_NAME + String.raw`)\.md\b`, // the design notes by file name
    String.raw`\b` + SPEC_NAME + String.raw`\b`, // the spec by its short name, with or without a section
    String.raw`\.\./shared\b`, // the folder beside the checkout that holds them
    String.raw`\b[Ii]ssues? #?\d+`, // a ticket by its number, singular or plural
    String.raw`(?:^|[\s(\[])#\d{1,4}\b`, // a bare hash and number, alone or in brackets
  ].join('|'),
  'm',
);

/** Every line of `text` that cites something a clone does not have, as `line: text`. */
function citations(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [`${i + 1}: ${line.trim().slice(0, 160)}`] : []));
}

const root = process.cwd();
// Tracked files, and new ones not yet added (so a local run sees them before the commit does). This file is
// checked like any other.
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && !f.startsWith('node_modules/') && existsSync(join(root, f)));

// The samples the matcher must catch are put together from pieces, so that this file holds no citation
// itself: {md} is the notes' extension, {spec} the spec's short name, {i} the middle of the word for a ticket,
// {h} the hash sign before a number, {up} the parent folder.
const sample = (text: string) =>
  text.replaceAll('{md}', '.md').replaceAll('{spec}', SPEC_NAME).replaceAll('{up}', '../').replaceAll('{i}', 'ssue').replaceAll('{h}', '#');

describe('no citation of files a clone does not have, nor of issue numbers', () => {
  it('the matcher finds them, and leaves look-alikes alone', () => {
    for (const cited of [
      '// see WAKU{md} §4',
      '(PRODUCT{md} §5)',
      '// {spec} §9: tracking cookie max age',
      "the {spec}'s routes",
      'LIBS{md} §8 "client hydration"',
      'MODELS{md}',
      'sample files in {up}shared/data',
      '// Anonymous drafts (i{i} 10): capped',
      'I{i} 17 asks for',
      'fixed in {h}23',
      'see ({h}5)',
    ].map(sample))
      expect(citations(cited), cited).toHaveLength(1);
    for (const fine of [
      "import.meta.env.WAKU_BUILD_ID ?? 'dev'",
      '__WAKU_CUSTOM_ERROR__;{"status":307}',
      'const SPECS: Spec[] = []',
      'an Ed25519 private key in PKCS{h}8 PEM',
      "background: '{h}888'",
      '.replace(/&{h}39;/g, "\'")',
      'the survey folder beside the checkout (shared/data)',
      'decision 017 explains the issue',
    ].map(sample))
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
