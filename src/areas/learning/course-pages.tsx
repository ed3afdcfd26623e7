import 'server-only';
import { cache } from 'react';
import { Link } from 'waku';
import { ButtonLink } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { Summary } from '../../components/forms/form-parts';
import { PageError } from '../../domain/page-error';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import type { Page, PageProps } from '../../server/render/page-types';
import { renderMarkdown } from '../../server/render/markdown';
import type { AreaDeps } from '../route-module';
import { ServiceError } from '../../server/errors';
import type { Viewer } from '../../server/accounts/session';
import { CourseFacts, CourseOutline, LessonBody } from './course-parts';
import { Progress } from '../../views/learning/progress';
import { InterviewList } from '../../views/learning/interview-list';

// The course catalogue, one course with its lessons, and the free course's public landing. Reading works
// without JavaScript; "mark as done" is a plain form post (learning-actions.ts).
const param = (p: PageProps, name: string) => (typeof p.params[name] === 'string' ? p.params[name] : '');
const lessonParam = (p: PageProps) => new URLSearchParams(p.query).get('lesson');

/** The course pages, built from the learning service they read. */
export function coursePages(deps: Pick<AreaDeps, 'learning'>) {
  // meta() and the page ask with the same arguments: one load per request serves both.
  const loadCourse = cache(async (slug: string, viewer: Viewer, locale: Locale, lesson: string | null) => {
    try {
      return await (await deps.learning()).course(slug, viewer, locale, lesson);
    } catch (e) {
      if (e instanceof ServiceError && e.code === 'not-found') return null;
      throw e;
    }
  });

  const CoursesPage: Page = async (p) => {
    const { t, locale, viewer } = p;
    const learning = await deps.learning();
    const [courses, interviews] = await Promise.all([learning.catalogue(viewer, locale), learning.interviews(viewer, locale)]);
    return (
      <>
        <PageHero heading={t('routes.matchCourses.heading')} intro={t('routes.matchCourses.intro', { brand: p.brand })} />
        <div className="container page" style={{ paddingTop: 0 }}>
          <ul className="grid course-grid" aria-label={t('learning.catalogue')}>
            {courses.map((c) => (
              <li key={c.slug} className="card course-card" data-testid="course-card">
                {c.free && <span className="badge badge-success">{t('learning.free')}</span>}
                <h2 className="h3">
                  <Link to={href('matchCourse', locale, { idCurso: c.slug })}>{c.title}</Link>
                </h2>
                <CourseFacts course={c} locale={locale} t={t} />
                {c.progress ? (
                  <Progress done={c.progress.done} total={c.lessons} t={t} />
                ) : (
                  <p className="muted">{t('learning.notStarted')}</p>
                )}
              </li>
            ))}
          </ul>
          <section className="section" aria-labelledby="interviews-title">
            <h2 id="interviews-title">{t('learning.interviews')}</h2>
            <p className="muted">{t('learning.interviewsIntro')}</p>
            <InterviewList interviews={interviews} locale={locale} t={t} />
          </section>
        </div>
      </>
    );
  };

  const CoursePage: Page = async (p) => {
    const { t, locale, viewer } = p;
    const slug = param(p, 'idCurso');
    const found = await loadCourse(slug, viewer, locale, lessonParam(p));
    if (!found) throw new PageError(404, `Course not found: ${slug}`);
    const { course, lesson } = found;
    const q = new URLSearchParams(p.query);
    const lessonHref = (s: string) => `${href('matchCourse', locale, { idCurso: course.slug })}?lesson=${encodeURIComponent(s)}`;
    return (
      <div className="container page course-page">
        <p>
          <Link to={href('matchCourses', locale)}>{`← ${t('learning.allCourses')}`}</Link>
        </p>
        <h1>{course.title}</h1>
        <CourseFacts course={course} locale={locale} t={t} />
        {course.progress && <Progress done={course.progress.done} total={course.lessons} t={t} />}
        {q.get('completed') === '1' && (
          <div className="alert alert-success" role="status">
            {t('learning.courseCompleted')}
          </div>
        )}
        <Summary state={p.form} />
        <div className="course-layout">
          <CourseOutline course={course} current={lesson?.slug ?? null} hrefOf={lessonHref} t={t} />
          {lesson ? (
            <div className="lesson-column">
              <LessonBody lesson={lesson} t={t} />
              <div className="lesson-actions">
                {lesson.done ? (
                  <p className="badge badge-success">{`✓ ${t('learning.lessonDone')}`}</p>
                ) : (
                  <form method="post" action={lessonHref(lesson.slug)}>
                    <input type="hidden" name="intent" value="complete" />
                    <input type="hidden" name="lesson" value={lesson.slug} />
                    <button type="submit" className="btn btn-primary btn-md">
                      {t('learning.markDone')}
                    </button>
                  </form>
                )}
                <div className="actions">
                  {lesson.prev && (
                    <ButtonLink variant="outline-secondary" to={lessonHref(lesson.prev)}>
                      {`← ${t('learning.previous')}`}
                    </ButtonLink>
                  )}
                  {lesson.next && (
                    <ButtonLink variant="outline-primary" to={lessonHref(lesson.next)}>
                      {`${t('learning.next')} →`}
                    </ButtonLink>
                  )}
                </div>
              </div>
            </div>
          ) : (
            <p className="notice">{t('learning.noLessons')}</p>
          )}
        </div>
      </div>
    );
  };
  CoursePage.meta = async (p) => {
    const found = await loadCourse(param(p, 'idCurso'), p.viewer, p.locale, lessonParam(p));
    if (!found) return { title: p.t('routes.matchCourse.title'), description: p.t('routes.matchCourse.description'), noindex: true };
    const title = found.lesson ? `${found.lesson.title} · ${found.course.title}` : found.course.title;
    return { title, description: found.course.summary.slice(0, 160), noindex: true };
  };

  /** The free course's public page: its first lessons for anyone, the rest after a candidate sign-up. */
  const FreeCoursePage: Page = async (p) => {
    const { t, locale, viewer, session } = p;
    const learning = await deps.learning();
    const slug = await learning.freeCourseSlug();
    if (!slug) throw new PageError(404, 'No free course');
    const wanted = lessonParam(p);
    const found = await loadCourse(slug, viewer, locale, wanted);
    if (!found) throw new PageError(404, `Lesson not found: ${wanted ?? ''}`);
    const { course } = found;
    const lesson = wanted ? found.lesson : null;
    const inCourse = href('matchCourse', locale, { idCurso: course.slug });
    const signUp = `${href('signUp', locale)}?${new URLSearchParams({ origin: 'free-course', redirect: inCourse })}`;
    const candidate = viewer?.type === 'match';
    const lessonHref = (s: string) => `${href('freeCourse', locale)}?lesson=${encodeURIComponent(s)}`;
    const first = course.lessonList[0]?.slug;
    return (
      <>
        <PageHero heading={course.title} intro={t('learning.freeIntro', { brand: p.brand })}>
          <div className="actions">
            {candidate ? (
              <ButtonLink to={inCourse} size="lg">
                {t('learning.continueCourse')}
              </ButtonLink>
            ) : session.loggedIn ? null : (
              <>
                <ButtonLink to={signUp} size="lg">
                  {t('learning.signUpFree')}
                </ButtonLink>
                {first && (
                  <ButtonLink to={lessonHref(first)} size="lg" variant="outline-primary">
                    {t('learning.startReading')}
                  </ButtonLink>
                )}
              </>
            )}
          </div>
        </PageHero>
        <div className="container page course-page" style={{ paddingTop: 0 }}>
          <CourseFacts course={course} locale={locale} t={t} />
          {/* Sanitised by construction (renderMarkdown). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(course.summary) }} />
          <div className="course-layout">
            <CourseOutline course={course} current={lesson?.slug ?? null} hrefOf={lessonHref} t={t} />
            <div className="lesson-column">
              {lesson && lesson.open && <LessonBody lesson={lesson} t={t} />}
              {lesson && lesson.open && lesson.next && (
                <div className="actions">
                  <ButtonLink variant="outline-primary" to={lessonHref(lesson.next)}>{`${t('learning.next')} →`}</ButtonLink>
                </div>
              )}
              {((lesson && !lesson.open) || (lesson?.open && !lesson.next) || !lesson) && !candidate && (
                <section className="card gate-card" aria-labelledby="gate-title" data-testid="free-course-gate">
                  <h2 id="gate-title" className="h3">
                    {lesson && !lesson.open ? t('learning.gateTitle') : t('learning.gateInvite')}
                  </h2>
                  <p>{t('learning.gateText')}</p>
                  {!session.loggedIn && <ButtonLink to={signUp}>{t('learning.signUpFree')}</ButtonLink>}
                </section>
              )}
            </div>
          </div>
        </div>
      </>
    );
  };
  return { CoursesPage, CoursePage, FreeCoursePage };
}
