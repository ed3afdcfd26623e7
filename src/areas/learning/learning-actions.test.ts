import { describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';
import type { FormInput } from '../../server/http/forms';
import type { LearningService } from '../../server/learning/learning-service';
import { createInterviewAction } from './learning-actions';

// The interview's submit: unanswered questions are confirmed first (a 200 with the answers kept and
// confirm=1), a second submit with confirm=1 goes through, and a full one never asks.
const questions = [1, 2, 3].map((id) => ({ id, topic: 't', prompt: 'p', options: ['a', 'b', 'c', 'd'] }));
function fakeLearning() {
  return {
    activeAttempt: vi.fn(async () => ({ attemptId: 7, deadline: new Date(Date.now() + 60_000), startedAt: new Date(), questions })),
    submitAttempt: vi.fn(async () => ({ attemptId: 7 })),
  };
}
const input = (fields: Record<string, string>, locale: 'es' | 'en' = 'es') =>
  ({
    id: 'interviewIntro',
    locale,
    t: getT(locale),
    params: { slug: 'frontend-react' },
    fields,
    lists: {},
    files: {},
    viewer: null,
  }) as unknown as FormInput;

describe('the interview submit', () => {
  it('asks to confirm unanswered questions, keeping the answers, before scoring anything', async () => {
    const svc = fakeLearning();
    const action = createInterviewAction({ learning: async () => svc as unknown as LearningService });
    const out = await action.handle(input({ intent: 'submit', attempt: '7', q1: '2' }));
    expect(out).toMatchObject({ ok: false, status: 200, values: { q1: '2', confirm: '1' } });
    expect(out.ok ? '' : out.message).toContain('Preguntas sin responder: 2.');
    expect(svc.submitAttempt).not.toHaveBeenCalled();
    const en = await action.handle(input({ intent: 'submit', attempt: '7' }, 'en'));
    expect(en.ok ? '' : en.message).toContain('Unanswered questions: 3.');
  });

  it('submits once confirmed, and at once when every question is answered', async () => {
    const svc = fakeLearning();
    const action = createInterviewAction({ learning: async () => svc as unknown as LearningService });
    expect(await action.handle(input({ intent: 'submit', attempt: '7', q1: '2', confirm: '1' }))).toMatchObject({ ok: true });
    expect(svc.submitAttempt).toHaveBeenCalledTimes(1);
    expect(svc.activeAttempt).not.toHaveBeenCalled();
    expect(await action.handle(input({ intent: 'submit', attempt: '7', q1: '0', q2: '1', q3: '3' }))).toMatchObject({ ok: true });
    expect(svc.submitAttempt).toHaveBeenCalledTimes(2);
  });

  it('does not ask about another attempt than the running one', async () => {
    const svc = fakeLearning();
    const action = createInterviewAction({ learning: async () => svc as unknown as LearningService });
    expect(await action.handle(input({ intent: 'submit', attempt: '8' }))).toMatchObject({ ok: true });
  });
});
