import { describe, expect, it } from 'vitest';
import {
  SUBMIT_GRACE_MS,
  certificateExpiry,
  certificateStatus,
  drawQuestions,
  isOpenLesson,
  levelOf,
  progressPercent,
  retakeDate,
  scoreAnswers,
  scoreBand,
  withinDeadline,
} from './learning';

describe('learning rules', () => {
  it('bands scores at their edges and certifies the level from the score', () => {
    expect([0, 49, 50, 69, 70, 79, 80, 89, 90, 100].map((s) => scoreBand(s).id)).toEqual([
      'starting',
      'starting',
      'close',
      'close',
      'junior',
      'junior',
      'mid',
      'mid',
      'senior',
      'senior',
    ]);
    expect([70, 85, 95].map(levelOf)).toEqual(['junior', 'mid', 'senior']);
  });

  it('draws distinct questions, no more than the bank holds, in an order set by the random source', () => {
    const bank = Array.from({ length: 26 }, (_, i) => i);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const drawn = drawQuestions(bank, 12, random);
    expect(drawn).toHaveLength(12);
    expect(new Set(drawn).size).toBe(12);
    expect(drawn.every((q) => bank.includes(q))).toBe(true);
    expect(drawQuestions([1, 2], 12, random).sort()).toEqual([1, 2]);
    expect(drawQuestions(bank, 12, () => 0)).toEqual(bank.slice(0, 12));
  });

  it('scores unanswered questions as wrong and lists the topics missed', () => {
    const qs = [
      { id: 1, answer: 0, topic: 'SQL' },
      { id: 2, answer: 3, topic: 'SQL' },
      { id: 3, answer: 1, topic: 'Stats' },
      { id: 4, answer: 2, topic: 'Metrics' },
    ];
    expect(scoreAnswers(qs, { 1: 0, 2: 3, 3: 0 })).toEqual({ score: 50, correct: 2, total: 4, missedTopics: ['Stats', 'Metrics'] });
    expect(scoreAnswers([], {}).score).toBe(0);
  });

  it('counts a submission until the deadline plus the grace, and not a millisecond later', () => {
    const deadline = new Date('2026-11-24T10:20:00Z');
    expect(withinDeadline(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS))).toBe(true);
    expect(withinDeadline(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS + 1))).toBe(false);
  });

  it('dates retakes and expiries, and tells valid, expired and revoked certificates apart', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    expect(retakeDate(at, 30).toISOString()).toBe('2026-12-24T10:00:00.000Z');
    const expiresAt = certificateExpiry(at);
    expect(expiresAt.toISOString()).toBe('2028-11-24T10:00:00.000Z');
    expect(certificateStatus({ expiresAt, revokedAt: null }, at)).toBe('valid');
    expect(certificateStatus({ expiresAt, revokedAt: null }, expiresAt)).toBe('expired');
    expect(certificateStatus({ expiresAt, revokedAt: at }, at)).toBe('revoked');
  });

  it('opens only the free course’s first two lessons, and rounds progress', () => {
    expect([1, 2, 3].map((p) => isOpenLesson(p, true))).toEqual([true, true, false]);
    expect(isOpenLesson(1, false)).toBe(false);
    expect([progressPercent(1, 3), progressPercent(3, 3), progressPercent(0, 0)]).toEqual([33, 100, 0]);
  });
});
