import 'server-only';
import { Link } from 'waku';
import { labelOf, roles, seniorities } from '../../domain/catalog';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import type { CertificateView, CourseCard, InterviewCard, LearningService } from '../../server/learning/learning-service';
import type { Viewer } from '../../server/accounts/session';
import { Progress } from '../../views/learning/progress';
import { InterviewList } from '../../views/learning/interview-list';

// The candidate workspace's learning sections (/match/plataforma): courses in progress with the next
// lesson, every interview with where the candidate stands, and the certificates earned.
export type LearningData = { courses: CourseCard[]; interviews: InterviewCard[]; certificates: CertificateView[] };

/** What the sections show, for a candidate only (null for anyone else). */
export async function loadLearning(learning: LearningService, viewer: Viewer, locale: Locale): Promise<LearningData | null> {
  if (viewer?.type !== 'match') return null;
  const [courses, interviews, certificates] = await Promise.all([
    learning.catalogue(viewer, locale),
    learning.interviews(viewer, locale),
    learning.certificatesOf(viewer.id),
  ]);
  return { courses, interviews, certificates };
}

export function LearningSections({ data, locale, t }: { data: LearningData | null; locale: Locale; t: T }) {
  if (!data) return null;
  const { courses, interviews, certificates } = data;
  const started = courses.filter((c) => c.progress);
  const courseHref = (slug: string) => href('matchCourse', locale, { idCurso: slug });
  return (
    <>
      <section className="section" aria-labelledby="my-courses">
        <h2 id="my-courses">{t('learning.workspace.courses')}</h2>
        {started.length === 0 ? (
          <p className="notice">
            {t('learning.workspace.noCourses')} <Link to={href('matchCourses', locale)}>{t('learning.workspace.browseCourses')}</Link>
          </p>
        ) : (
          <ul className="grid course-grid">
            {started.map((c) => (
              <li key={c.slug} className="card" data-testid="my-course">
                <h3 className="h4">
                  <Link to={courseHref(c.slug)}>{c.title}</Link>
                </h3>
                <Progress done={c.progress!.done} total={c.lessons} t={t} />
                {c.progress!.completed ? (
                  <span className="badge badge-success">{t('learning.workspace.completed')}</span>
                ) : (
                  <Link to={courseHref(c.slug)}>{`${t('learning.workspace.nextLesson')} →`}</Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section" aria-labelledby="my-interviews">
        <h2 id="my-interviews">{t('learning.workspace.interviews')}</h2>
        <InterviewList interviews={interviews} locale={locale} t={t} />
      </section>
      <section className="section" aria-labelledby="my-certifications">
        <h2 id="my-certifications">{t('learning.workspace.certifications')}</h2>
        {certificates.length === 0 ? (
          <p className="notice">{t('learning.workspace.noCertifications')}</p>
        ) : (
          <ul className="cert-list">
            {certificates.map((c) => (
              <li key={c.slug} data-testid="my-certification">
                <Link
                  to={href('certification', locale, { slug: c.slug })}
                >{`${labelOf(roles, c.role, locale)} · ${labelOf(seniorities, c.level, locale)}`}</Link>{' '}
                <span className="muted">{`${translateIn(t, 'learning.cert.status', c.status)} · ${formatDate(c.issuedAt, locale)}`}</span>
                {c.isDemo && <span className="badge">{t('learning.cert.demo')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
