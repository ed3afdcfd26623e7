import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createCertificateGet } from './certificate-get';
import { certificationPage } from './certification-page';
import { coursePages } from './course-pages';
import { interviewPage } from './interview-page';
import { createCourseAction, createInterviewAction } from './learning-actions';

// The learning side: courses, the free course, technical interviews and the certificates they award.
export function learningRoutes(deps: AreaDeps) {
  const courses = coursePages(deps);
  return {
    matchCourses: { page: courses.CoursesPage },
    matchCourse: { page: courses.CoursePage, action: createCourseAction(deps) },
    freeCourse: { page: courses.FreeCoursePage },
    interviewIntro: { page: interviewPage(deps), action: createInterviewAction(deps) },
    certification: {
      page: certificationPage(deps),
      get: createCertificateGet({
        learning: deps.learning,
        signingKey: deps.signingKey,
        siteUrl: deps.config.SITE_URL,
        brand: deps.config.BRAND_NAME,
      }),
    },
  } satisfies AreaRoutes;
}
