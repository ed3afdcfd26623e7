import 'server-only';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { ServiceError } from '../../server/errors';
import type { LearningService } from '../../server/learning/learning-service';

// The learning forms: "mark as done" on a course page, and "start" / "submit" on an interview page. Plain
// posts that answer with a 303 (no JavaScript needed); a refusal re-renders the page with its message.
type Deps = { learning: () => Promise<LearningService> };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const param = (input: FormInput, name: string) => (typeof input.params[name] === 'string' ? input.params[name] : '');

function refused(input: FormInput, err: unknown): FormOutcome {
  if (!(err instanceof ServiceError)) throw err;
  const t = input.t;
  const message =
    err.code === 'unauthorized'
      ? t('api.unauthorized')
      : err.code === 'forbidden'
        ? t('learning.candidatesOnly')
        : err.code === 'not-found'
          ? t('api.notFound')
          : err.fields.form
            ? t(err.fields.form.key, err.fields.form.params)
            : t('forms.summary');
  const status = { unauthorized: 401, forbidden: 403, 'not-found': 404, conflict: 409 }[err.code as string] ?? 422;
  return { ok: false, status, message, errors: {}, values: {} };
}

const invalid = (input: FormInput): FormOutcome => ({
  ok: false,
  status: 400,
  message: input.t('forms.unreadable'),
  errors: {},
  values: {},
});

export function createCourseAction({ learning }: Deps): FormHandler {
  return {
    async handle(input) {
      const course = param(input, 'idCurso');
      const lesson = input.fields.lesson ?? '';
      if (input.fields.intent !== 'complete' || !SLUG.test(lesson) || lesson.length > 120) return invalid(input);
      try {
        const { next, completed } = await (await learning()).completeLesson(input.viewer, course, lesson);
        const base = href('matchCourse', input.locale, { idCurso: course });
        const q = new URLSearchParams(completed ? { lesson, completed: '1' } : { lesson: next ?? lesson });
        return { ok: true, redirect: `${base}?${q}` };
      } catch (err) {
        return refused(input, err);
      }
    },
  };
}

export function createInterviewAction({ learning }: Deps): FormHandler {
  return {
    async handle(input) {
      const slug = param(input, 'slug');
      const self = href('interviewIntro', input.locale, { slug });
      const svc = await learning();
      try {
        if (input.fields.intent === 'start') {
          await svc.startAttempt(input.viewer, slug);
          return { ok: true, redirect: self };
        }
        if (input.fields.intent === 'submit') {
          const attempt = Number(input.fields.attempt);
          if (!Number.isSafeInteger(attempt) || attempt <= 0) return invalid(input);
          // Answers come as q<questionId>=<option index>; anything else is ignored.
          const answers: Record<number, number> = {};
          for (const [k, v] of Object.entries(input.fields)) {
            const m = /^q(\d{1,9})$/.exec(k);
            if (m && /^[0-3]$/.test(v)) answers[Number(m[1])] = Number(v);
          }
          const result = await svc.submitAttempt(input.viewer, slug, attempt, answers, input.locale);
          return { ok: true, redirect: `${self}?result=${result.attemptId}` };
        }
        return invalid(input);
      } catch (err) {
        return refused(input, err);
      }
    },
  };
}
