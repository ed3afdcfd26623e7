import 'server-only';
import type { Locale } from '../../i18n/locales';
import { isOpenLesson, progressPercent } from '../../domain/learning';
import type { Database } from '../db/client';
import * as repo from './data/learning';
import type { Viewer } from '../accounts/session';
import { ServiceError } from '../errors';
import type { CourseCard, CourseView, LessonLink, LessonView } from './learning-views';

// The course half of the learning service: the catalogue with a candidate's progress, a course with its
// modules and the lesson asked for (its body only when open: the free course's first lessons, or any
// lesson for a signed-in candidate), and marking lessons done.
const pick = (l: Locale, v: { es: string; en: string }) => v[l];

export function createCourseService(database: Database, opts: { now: () => Date }) {
  const { db } = database;
  const { now } = opts;
  const candidate = (v: Viewer) => (v?.type === 'match' ? v.id : null);

  async function progressByCourse(userId: number | null) {
    if (userId === null) return null;
    const [done, enrolled] = await Promise.all([repo.completedLessons(db, userId), repo.enrollmentsOf(db, userId)]);
    const byCourse = new Map<number, Set<number>>();
    for (const d of done) (byCourse.get(d.course_id) ?? byCourse.set(d.course_id, new Set()).get(d.course_id)!).add(d.lesson_id);
    return { done: byCourse, enrolled: new Map(enrolled.map((e) => [e.course_id, e])) };
  }

  function linksOf(
    locale: Locale,
    lessons: Awaited<ReturnType<typeof repo.lessonsOf>>,
    done: Set<number>,
    free: boolean,
    signedIn: boolean,
  ) {
    return lessons.map((l): LessonLink & { id: number } => ({
      id: l.id,
      slug: l.slug,
      position: l.position,
      title: pick(locale, { es: l.title_es, en: l.title_en }),
      module: pick(locale, { es: l.module_es, en: l.module_en }),
      minutes: l.minutes,
      done: done.has(l.id),
      open: signedIn || isOpenLesson(l.position, free),
    }));
  }

  async function courseView(row: NonNullable<Awaited<ReturnType<typeof repo.courseBySlug>>>, viewer: Viewer, locale: Locale) {
    const userId = candidate(viewer);
    const [lessons, progress] = await Promise.all([repo.lessonsOf(db, row.id), progressByCourse(userId)]);
    const done = progress?.done.get(row.id) ?? new Set<number>();
    const links = linksOf(locale, lessons, done, row.is_free === 1, userId !== null);
    const modules: CourseView['modules'] = [];
    for (const l of links) {
      const last = modules.at(-1);
      if (last && last.title === l.module) last.lessons.push(l);
      else modules.push({ title: l.module, lessons: [l] });
    }
    const next = links.find((l) => !l.done)?.slug ?? null;
    const lastId = progress?.enrolled.get(row.id)?.last_lesson_id;
    const resume = links.find((l) => l.id === lastId && !l.done)?.slug ?? next ?? links[0]?.slug ?? null;
    const view: CourseView = {
      id: row.id,
      slug: row.slug,
      title: pick(locale, { es: row.title_es, en: row.title_en }),
      summary: pick(locale, { es: row.summary_es, en: row.summary_en }),
      area: row.area,
      role: row.role,
      level: row.level,
      minutes: row.minutes,
      lessons: links.length,
      free: row.is_free === 1,
      progress:
        userId === null
          ? null
          : { done: done.size, percent: progressPercent(done.size, links.length), nextLesson: next, completed: links.length > 0 && !next },
      modules,
      lessonList: links,
      resume,
    };
    return { view, links };
  }

  return {
    async catalogue(viewer: Viewer, locale: Locale): Promise<CourseCard[]> {
      const [rows, progress] = await Promise.all([repo.activeCourses(db), progressByCourse(candidate(viewer))]);
      return rows.map((c) => {
        const done = progress?.done.get(c.id)?.size ?? 0;
        const total = Number(c.lessons);
        return {
          slug: c.slug,
          title: pick(locale, { es: c.title_es, en: c.title_en }),
          summary: pick(locale, { es: c.summary_es, en: c.summary_en }),
          area: c.area,
          role: c.role,
          level: c.level,
          minutes: c.minutes,
          lessons: total,
          free: c.is_free === 1,
          progress:
            progress && (progress.enrolled.has(c.id) || done > 0)
              ? { done, percent: progressPercent(done, total), nextLesson: null, completed: done >= total && total > 0 }
              : null,
        };
      });
    },

    /** A course with its modules; the lesson asked for (or the resume point) with its body when open. */
    async course(
      slug: string,
      viewer: Viewer,
      locale: Locale,
      lessonSlug?: string | null,
    ): Promise<{ course: CourseView; lesson: LessonView | null } | null> {
      const row = await repo.courseBySlug(db, slug);
      if (!row) return null;
      const { view, links } = await courseView(row, viewer, locale);
      const wanted = lessonSlug ? links.find((l) => l.slug === lessonSlug) : links.find((l) => l.slug === view.resume);
      if (lessonSlug && !wanted) throw new ServiceError('not-found');
      if (!wanted) return { course: view, lesson: null };
      const i = links.indexOf(wanted);
      const body = wanted.open ? await repo.lessonBody(db, wanted.id) : null;
      const userId = candidate(viewer);
      if (userId !== null) await repo.touchEnrollment(db, userId, row.id, wanted.id, now().toISOString());
      const { id: _id, ...link } = wanted;
      return {
        course: view,
        lesson: {
          ...link,
          body: body ? pick(locale, { es: body.body_es, en: body.body_en }) : '',
          prev: links[i - 1]?.slug ?? null,
          next: links[i + 1]?.slug ?? null,
        },
      };
    },

    async freeCourseSlug(): Promise<string | null> {
      return (await repo.freeCourse(db))?.slug ?? null;
    },

    /** Marks a lesson done; returns the next lesson to read (null at the end of the course). */
    async completeLesson(viewer: Viewer, courseSlug: string, lessonSlug: string): Promise<{ next: string | null; completed: boolean }> {
      const userId = candidate(viewer);
      if (userId === null) throw new ServiceError(viewer ? 'forbidden' : 'unauthorized');
      const row = await repo.courseBySlug(db, courseSlug);
      if (!row) throw new ServiceError('not-found');
      const lessons = await repo.lessonsOf(db, row.id);
      const lesson = lessons.find((l) => l.slug === lessonSlug);
      if (!lesson) throw new ServiceError('not-found');
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        await repo.touchEnrollment(trx, userId, row.id, lesson.id, at);
        await repo.markLessonDone(trx, userId, lesson.id, at);
        const done = new Set((await repo.completedLessons(trx, userId)).filter((d) => d.course_id === row.id).map((d) => d.lesson_id));
        const completed = lessons.every((l) => done.has(l.id));
        await repo.setCourseProgress(trx, userId, row.id, done.size, completed ? at : null);
        const after = lessons.slice(lessons.indexOf(lesson) + 1).find((l) => !done.has(l.id)) ?? lessons.find((l) => !done.has(l.id));
        return { next: after?.slug ?? null, completed };
      });
    },
  };
}
