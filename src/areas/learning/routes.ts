import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createCertificateGet } from './certificate-get';
import { CertificationPage } from './certification-page';
import { CoursePage, CoursesPage, FreeCoursePage } from './course-pages';
import { InterviewPage } from './interview-page';
import { createCourseAction, createInterviewAction } from './learning-actions';

// The learning side: courses, the free course, technical interviews and the certificates they award.
export function learningRoutes(deps: AreaDeps) {
  return {
    matchCourses: { page: CoursesPage },
    matchCourse: { page: CoursePage, action: createCourseAction(deps) },
    freeCourse: { page: FreeCoursePage },
    interviewIntro: { page: InterviewPage, action: createInterviewAction(deps) },
    certification: {
      page: CertificationPage,
      get: createCertificateGet({
        learning: deps.learning,
        signingKey: deps.signingKey,
        siteUrl: deps.config.SITE_URL,
        brand: deps.config.BRAND_NAME,
      }),
    },
  } satisfies AreaRoutes;
}
