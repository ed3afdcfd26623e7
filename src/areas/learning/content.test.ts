// The learning content files (decision 020) are checked as editors change them: both languages of every
// file, front matter an importer can trust, lessons numbered without gaps, question banks that can be drawn.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas, isRole } from '../../domain/catalog';
import { parseFrontMatter, type FrontMatterValue } from '../../domain/front-matter';

const root = fileURLToPath(new URL('./content', import.meta.url));
const dirs = (p: string) =>
  existsSync(p)
    ? readdirSync(p, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const LOCALES = ['es', 'en'] as const;
const LEVELS = new Set(['basic', 'intermediate', 'advanced']);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const read = (p: string) => parseFrontMatter(readFileSync(p, 'utf8'));
const isText = (v: FrontMatterValue | undefined): v is string => typeof v === 'string' && v.trim().length > 0;
const isWhole = (v: FrontMatterValue | undefined, min: number, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

const courses = dirs(join(root, 'courses'));
const interviews = dirs(join(root, 'interviews'));

describe('learning content', () => {
  it('has the catalogue the product promises: at least 12 courses and 8 interviews, one per main role', () => {
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(interviews.length).toBeGreaterThanOrEqual(8);
    const roles = interviews.map((i) => read(join(root, 'interviews', i, 'interview.es.md')).data.role);
    expect(new Set(roles).size).toBe(interviews.length);
  });

  it('marks exactly one course as the free course (/freecourse)', () => {
    const free = courses.filter((c) => read(join(root, 'courses', c, 'course.es.md')).data.free === true);
    expect(free).toHaveLength(1);
  });

  describe.each(courses)('course %s', (slug) => {
    const dir = join(root, 'courses', slug);
    const files = readdirSync(dir);

    it('has a slug, and its description in both languages with the same settings', () => {
      expect(slug).toMatch(SLUG);
      const [es, en] = LOCALES.map((l) => read(join(dir, `course.${l}.md`)));
      for (const c of [es!, en!]) {
        expect(isText(c.data.title), 'title').toBe(true);
        expect(
          areas.some((a) => a.id === c.data.area),
          `area ${String(c.data.area)}`,
        ).toBe(true);
        expect(c.data.role === null || isRole(c.data.role), `role ${String(c.data.role)}`).toBe(true);
        expect(LEVELS.has(String(c.data.level)), `level ${String(c.data.level)}`).toBe(true);
        expect(isWhole(c.data.minutes, 1, 6000), 'minutes').toBe(true);
        expect(typeof c.data.free, 'free').toBe('boolean');
        expect(isWhole(c.data.order, 1, 1000), 'order').toBe(true);
        expect(c.body.length, 'summary').toBeGreaterThan(40);
      }
      for (const k of ['area', 'role', 'level', 'minutes', 'free', 'order']) expect(en!.data[k], k).toEqual(es!.data[k]);
    });

    it('has at least 5 lessons, numbered from 01 without gaps, each in both languages', () => {
      const lessons = files.filter((f) => f !== 'course.es.md' && f !== 'course.en.md');
      const bad = lessons.filter((f) => !/^\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*\.(es|en)\.md$/.test(f));
      expect(bad, 'file names').toEqual([]);
      const keys = [...new Set(lessons.map((f) => f.replace(/\.(es|en)\.md$/, '')))].sort();
      expect(keys.length).toBeGreaterThanOrEqual(5);
      expect(keys.map((k) => Number(k.slice(0, 2)))).toEqual(keys.map((_, i) => i + 1));
      for (const k of keys) for (const l of LOCALES) expect(files, `${k}.${l}.md`).toContain(`${k}.${l}.md`);
    });

    it('gives every lesson a title, a module, minutes and a body', () => {
      for (const f of files.filter((x) => /^\d{2}-/.test(x))) {
        const { data, body } = read(join(dir, f));
        expect(isText(data.title) && isText(data.module) && isWhole(data.minutes, 1, 240), f).toBe(true);
        expect(body.length, `${f} body`).toBeGreaterThan(300);
      }
    });
  });

  describe.each(interviews)('interview %s', (slug) => {
    const dir = join(root, 'interviews', slug);

    it('has its description in both languages with the same settings', () => {
      expect(slug).toMatch(SLUG);
      const [es, en] = LOCALES.map((l) => read(join(dir, `interview.${l}.md`)));
      for (const i of [es!, en!]) {
        expect(isText(i.data.title), 'title').toBe(true);
        expect(isRole(i.data.role), `role ${String(i.data.role)}`).toBe(true);
        expect(isWhole(i.data.minutes, 1, 240), 'minutes').toBe(true);
        expect(isWhole(i.data.pass_mark, 1, 100), 'pass_mark').toBe(true);
        expect(isWhole(i.data.draw, 10, 15), 'draw').toBe(true);
        expect(i.body.length, 'intro').toBeGreaterThan(40);
      }
      for (const k of ['role', 'minutes', 'pass_mark', 'draw', 'courses']) expect(en!.data[k], k).toEqual(es!.data[k]);
      // What to study after the result: course slugs, space-separated, that exist.
      const study = String(es!.data.courses ?? '')
        .split(/\s+/)
        .filter(Boolean);
      expect(study.length, 'courses').toBeGreaterThan(0);
      for (const c of study) expect(courses, `course ${c}`).toContain(c);
    });

    it('has a bank of at least 25 questions, each with 4 options and one answer in both languages', () => {
      type Q = {
        id: string;
        prompt: Record<string, string>;
        options: Record<string, string[]>;
        answer: number;
        explanation: Record<string, string>;
      };
      const bank = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as Q[];
      expect(bank.length).toBeGreaterThanOrEqual(25);
      expect(new Set(bank.map((q) => q.id)).size).toBe(bank.length);
      expect(bank.length).toBeGreaterThanOrEqual(Number(read(join(dir, 'interview.es.md')).data.draw));
      // Answers spread over the four positions, so guessing one letter cannot pass.
      for (const a of [0, 1, 2, 3]) expect(bank.filter((q) => q.answer === a).length / bank.length, `answer ${a} share`).toBeLessThan(0.4);
      for (const q of bank) {
        expect(q.id, 'id').toMatch(/^q\d{2}$/);
        expect(Number.isInteger(q.answer) && q.answer >= 0 && q.answer <= 3, `${q.id} answer`).toBe(true);
        for (const l of LOCALES) {
          expect(q.prompt[l]?.trim(), `${q.id} prompt ${l}`).toBeTruthy();
          expect(q.explanation[l]?.trim(), `${q.id} explanation ${l}`).toBeTruthy();
          expect(q.options[l]?.length, `${q.id} options ${l}`).toBe(4);
          expect(new Set(q.options[l]).size, `${q.id} distinct options ${l}`).toBe(4);
        }
      }
    });
  });
});
