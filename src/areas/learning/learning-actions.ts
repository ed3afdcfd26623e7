import 'server-only';
import { z } from 'zod';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { attempt, type RefusalOptions } from '../../server/http/form-outcome';
import type { LearningService } from '../../server/learning/learning-service';

// The learning forms: "mark as done" on a course page, and "start" / "submit" on an interview page. Plain
// posts that answer with a 303 (no JavaScript needed); a refusal re-renders the page with its message.
type Deps = { learning: () => Promise<LearningService> };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const param = (input: FormInput, name: string) => (typeof input.params[name] === 'string' ? input.params[name] : '');
const lessonDone = z.object({ intent: z.literal('complete'), lesson: z.string().max(120).regex(SLUG) });
const attemptOf = z.object({ attempt: z.coerce.number().int().positive() });

// These pages show no fields, only a message: the service's message for the form (already certified, ...)
// is the summary, and a signed-in company is told that learning is for candidates.
const OPTIONS: RefusalOptions = {
  summaries: { forbidden: 'learning.candidatesOnly', conflict: { field: 'form' } },
  fieldErrors: false,
};

const invalid = (input: FormInput): FormOutcome => ({
  ok: false,
  status: 400,
  message: input.t('forms.unreadable'),
  errors: {},
  values: {},
});

// The confirmation step: a 200 with the question's answers kept and confirm=1 for the next submit.
const confirmStep = (input: FormInput, answers: Record<number, number>, open: number): FormOutcome => ({
  ok: false,
  status: 200,
  message: input.t('learning.unansweredConfirm', { n: open }),
  errors: {},
  values: { ...Object.fromEntries(Object.entries(answers).map(([id, v]) => [`q${id}`, String(v)])), confirm: '1' },
});

export function createCourseAction({ learning }: Deps): FormHandler {
  return {
    async handle(input) {
      const course = param(input, 'idCurso');
      const post = lessonDone.safeParse({ intent: input.fields.intent, lesson: input.fields.lesson ?? '' });
      if (!post.success) return invalid(input);
      const { lesson } = post.data;
      return attempt(input, OPTIONS, async () => {
        const { next, completed } = await (await learning()).completeLesson(input.viewer, course, lesson);
        const base = href('matchCourse', input.locale, { idCurso: course });
        const q = new URLSearchParams(completed ? { lesson, completed: '1' } : { lesson: next ?? lesson });
        return { ok: true, redirect: `${base}?${q}` };
      });
    },
  };
}

export function createInterviewAction({ learning }: Deps): FormHandler {
  return {
    async handle(input) {
      const slug = param(input, 'slug');
      const self = href('interviewIntro', input.locale, { slug });
      const svc = await learning();
      return attempt(input, OPTIONS, async () => {
        if (input.fields.intent === 'start') {
          await svc.startAttempt(input.viewer, slug);
          return { ok: true, redirect: self };
        }
        if (input.fields.intent === 'submit') {
          const post = attemptOf.safeParse({ attempt: input.fields.attempt });
          if (!post.success) return invalid(input);
          // Answers come as q<questionId>=<option index>; anything else is ignored.
          const answers: Record<number, number> = {};
          for (const [k, v] of Object.entries(input.fields)) {
            const m = /^q(\d{1,9})$/.exec(k);
            if (m && /^[0-3]$/.test(v)) answers[Number(m[1])] = Number(v);
          }
          // Unanswered questions are confirmed first (decision 077): the page comes back with the answers kept and
          // a second submit (confirm=1) goes through. The island asks in a dialog instead; the timer skips both.
          if (input.fields.confirm !== '1') {
            const active = await svc.activeAttempt(input.viewer, slug, input.locale);
            const open = active?.attemptId === post.data.attempt ? active.questions.filter((q) => !(q.id in answers)).length : 0;
            if (open > 0) return confirmStep(input, answers, open);
          }
          const result = await svc.submitAttempt(input.viewer, slug, post.data.attempt, answers, input.locale);
          return { ok: true, redirect: `${self}?result=${result.attemptId}` };
        }
        return invalid(input);
      });
    },
  };
}
