import 'server-only';
import { Link } from 'waku';
import IconCheck from '~icons/lucide/check';
import IconLock from '~icons/lucide/lock';
import { areas, labelOf, roles } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import type { CourseCard, CourseView, LessonView } from '../../server/learning/learning-service';
import { renderMarkdown } from '../../server/render/markdown';

// Markup shared by the course pages (/match/cursos, /match/cursos/{idCurso}, /freecourse): course facts,
// the module outline and a lesson (the progress bar, shared with the workspace, is in src/views/learning).
// Plain server components: everything works without JavaScript.
export function CourseFacts({ course, locale, t }: { course: CourseCard; locale: Locale; t: T }) {
  const facts = [
    labelOf(areas, course.area, locale),
    course.role && labelOf(roles, course.role, locale),
    translateIn(t, 'learning.level', course.level),
    t('learning.minutes', { n: course.minutes }),
    t('learning.lessonCount', { n: course.lessons }),
  ].filter(Boolean);
  return <p className="muted course-facts">{facts.join(' · ')}</p>;
}

/** The modules and their lessons; `hrefOf` builds a lesson's link, `current` is highlighted. */
export function CourseOutline({
  course,
  current,
  hrefOf,
  t,
}: {
  course: CourseView;
  current: string | null;
  hrefOf: (slug: string) => string;
  t: T;
}) {
  return (
    <nav className="course-outline" aria-label={t('learning.outline')}>
      {course.modules.map((m, i) => (
        <section key={`${i}-${m.title}`}>
          <h2 className="h4">{m.title}</h2>
          <ol className="lesson-list" start={m.lessons[0]?.position}>
            {m.lessons.map((l) => (
              <li key={l.slug} className={l.slug === current ? 'is-current' : undefined}>
                <Link to={hrefOf(l.slug)} aria-current={l.slug === current ? 'page' : undefined}>
                  {l.title}
                </Link>{' '}
                <span className="muted">
                  {l.done ? (
                    <>
                      <IconCheck className="icon" aria-hidden="true" /> {t('learning.done')}
                    </>
                  ) : !l.open ? (
                    <>
                      <IconLock className="icon" aria-hidden="true" /> {t('learning.locked')}
                    </>
                  ) : (
                    t('learning.minutes', { n: l.minutes })
                  )}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </nav>
  );
}

export function LessonBody({ lesson, t }: { lesson: LessonView; t: T }) {
  return (
    <article className="lesson" aria-labelledby="lesson-title">
      <p className="eyebrow">{`${lesson.module} · ${t('learning.lessonN', { n: lesson.position })} · ${t('learning.minutes', { n: lesson.minutes })}`}</p>
      <h2 id="lesson-title">{lesson.title}</h2>
      {/* Sanitised by construction: renderMarkdown escapes raw HTML and keeps only safe links (src/server/render/markdown.ts). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(lesson.body) }} />
    </article>
  );
}
