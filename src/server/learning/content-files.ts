import 'server-only';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areas, isRole, roles } from '../../domain/catalog';
import { parseFrontMatter, type FrontMatter } from '../../domain/front-matter';

// Reads the learning content files (decision 020) into plain records and a digest of every byte read. A
// file that breaks the format stops the load with its path and the problem: the database keeps what it had.
type Localized = { es: string; en: string };
type LessonFile = { slug: string; title: Localized; module: Localized; minutes: number; body: Localized };
export type CourseFile = {
  slug: string;
  title: Localized;
  summary: Localized;
  area: string;
  role: string | null;
  level: 'basic' | 'intermediate' | 'advanced';
  minutes: number;
  free: boolean;
  order: number;
  lessons: LessonFile[];
};
type QuestionFile = {
  key: string;
  topic: Localized;
  prompt: Localized;
  options: { es: string[]; en: string[] };
  answer: number;
  explanation: Localized;
};
export type InterviewFile = {
  slug: string;
  title: Localized;
  intro: Localized;
  role: string;
  minutes: number;
  passMark: number;
  draw: number;
  courses: string[];
  order: number;
  questions: QuestionFile[];
};
export type LearningContent = { courses: CourseFile[]; interviews: InterviewFile[]; digest: string };

class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ContentError';
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LEVELS = ['basic', 'intermediate', 'advanced'] as const;

function subdirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function loadLearningContent(root: string): LearningContent {
  const hash = createHash('sha256');
  const read = (path: string): string => {
    const text = readFileSync(path, 'utf8');
    hash.update(path.slice(root.length)).update('\0').update(text).update('\0');
    return text;
  };
  const pair = (dir: string, stem: string): { es: FrontMatter; en: FrontMatter; file: string } => {
    const file = join(dir, stem);
    const parse = (locale: string) => {
      const path = `${file}.${locale}.md`;
      if (!existsSync(path)) throw new ContentError(path, 'missing (every file needs its .es.md and .en.md)');
      try {
        return parseFrontMatter(read(path));
      } catch (e) {
        throw new ContentError(path, (e as Error).message);
      }
    };
    return { es: parse('es'), en: parse('en'), file };
  };
  const text = (fm: FrontMatter, key: string, file: string): string => {
    const v = fm.data[key];
    if (typeof v !== 'string' || !v.trim()) throw new ContentError(file, `"${key}" must be text`);
    return v.trim();
  };
  const whole = (fm: FrontMatter, key: string, file: string, min: number, max: number): number => {
    const v = fm.data[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      throw new ContentError(file, `"${key}" must be a whole number from ${min} to ${max}`);
    return v;
  };

  const courses = subdirs(join(root, 'courses')).map((slug): CourseFile => {
    const dir = join(root, 'courses', slug);
    if (!SLUG.test(slug)) throw new ContentError(dir, 'the folder name must be a slug (a-z, 0-9, -)');
    const { es, en, file } = pair(dir, 'course');
    const area = text(es, 'area', file);
    if (!areas.some((a) => a.id === area)) throw new ContentError(file, `unknown area "${area}"`);
    const role = es.data.role == null ? null : text(es, 'role', file);
    if (role !== null && !isRole(role)) throw new ContentError(file, `unknown role "${role}"`);
    const level = text(es, 'level', file) as CourseFile['level'];
    if (!LEVELS.includes(level)) throw new ContentError(file, `level must be one of ${LEVELS.join(', ')}`);
    const stems = [
      ...new Set(
        readdirSync(dir)
          .filter((f) => /^\d{2}-.+\.(es|en)\.md$/.test(f))
          .map((f) => f.replace(/\.(es|en)\.md$/, '')),
      ),
    ].sort();
    if (stems.length === 0) throw new ContentError(dir, 'a course needs lessons (01-<slug>.es.md, ...)');
    const lessons = stems.map((stem, i): LessonFile => {
      if (Number(stem.slice(0, 2)) !== i + 1) throw new ContentError(join(dir, stem), `lessons must be numbered 01, 02, ... without gaps`);
      const l = pair(dir, stem);
      return {
        slug: stem.slice(3),
        title: { es: text(l.es, 'title', l.file), en: text(l.en, 'title', l.file) },
        module: { es: text(l.es, 'module', l.file), en: text(l.en, 'module', l.file) },
        minutes: whole(l.es, 'minutes', l.file, 1, 240),
        body: { es: l.es.body, en: l.en.body },
      };
    });
    return {
      slug,
      title: { es: text(es, 'title', file), en: text(en, 'title', file) },
      summary: { es: es.body, en: en.body },
      area,
      role,
      level,
      minutes: whole(es, 'minutes', file, 1, 6000),
      free: es.data.free === true,
      order: whole(es, 'order', file, 1, 1000),
      lessons,
    };
  });
  const courseSlugs = new Set(courses.map((c) => c.slug));
  if (courses.filter((c) => c.free).length > 1) throw new ContentError(join(root, 'courses'), 'only one course can be free');

  const roleOrder = (id: string) => roles.findIndex((r) => r.id === id);
  const interviews = subdirs(join(root, 'interviews')).map((slug): InterviewFile => {
    const dir = join(root, 'interviews', slug);
    if (!SLUG.test(slug)) throw new ContentError(dir, 'the folder name must be a slug (a-z, 0-9, -)');
    const { es, en, file } = pair(dir, 'interview');
    const role = text(es, 'role', file);
    if (!isRole(role)) throw new ContentError(file, `unknown role "${role}"`);
    const study = String(es.data.courses ?? '')
      .split(/\s+/)
      .filter(Boolean);
    for (const c of study) if (!courseSlugs.has(c)) throw new ContentError(file, `"courses" names an unknown course "${c}"`);
    const bankPath = join(dir, 'questions.json');
    let bank: unknown;
    try {
      bank = JSON.parse(read(bankPath));
    } catch (e) {
      throw new ContentError(bankPath, `not valid JSON (${(e as Error).message})`);
    }
    if (!Array.isArray(bank)) throw new ContentError(bankPath, 'must be a JSON array of questions');
    const questions = bank.map((q: unknown, i): QuestionFile => questionOf(q, `${bankPath} #${i + 1}`));
    if (new Set(questions.map((q) => q.key)).size !== questions.length) throw new ContentError(bankPath, 'question ids must be unique');
    const draw = whole(es, 'draw', file, 1, 50);
    if (questions.length < draw) throw new ContentError(bankPath, `the bank has fewer questions than "draw" (${draw})`);
    return {
      slug,
      title: { es: text(es, 'title', file), en: text(en, 'title', file) },
      intro: { es: es.body, en: en.body },
      role,
      minutes: whole(es, 'minutes', file, 1, 240),
      passMark: whole(es, 'pass_mark', file, 1, 100),
      draw,
      courses: study,
      order: roleOrder(role) + 1,
      questions,
    };
  });
  return { courses, interviews, digest: hash.digest('hex') };
}

function questionOf(raw: unknown, where: string): QuestionFile {
  const q = raw as Record<string, unknown> | null;
  const loc = (k: string): Localized => {
    const v = q?.[k] as Record<string, unknown> | undefined;
    if (typeof v?.es !== 'string' || typeof v?.en !== 'string' || !v.es.trim() || !v.en.trim())
      throw new ContentError(where, `"${k}" needs "es" and "en" text`);
    return { es: v.es, en: v.en };
  };
  const key = q?.id;
  if (typeof key !== 'string' || !/^[a-z0-9-]{1,16}$/.test(key)) throw new ContentError(where, '"id" must be a short key like q01');
  const options = q?.options as Record<string, unknown> | undefined;
  const list = (l: 'es' | 'en'): string[] => {
    const v = options?.[l];
    if (!Array.isArray(v) || v.length !== 4 || v.some((o) => typeof o !== 'string' || !o.trim()) || new Set(v).size !== 4)
      throw new ContentError(where, `"options.${l}" must be 4 distinct texts`);
    return v as string[];
  };
  const answer = q?.answer;
  if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer > 3)
    throw new ContentError(where, '"answer" must be 0, 1, 2 or 3');
  return {
    key,
    topic: loc('topic'),
    prompt: loc('prompt'),
    options: { es: list('es'), en: list('en') },
    answer,
    explanation: loc('explanation'),
  };
}
