import { describe, expect, it } from 'vitest';
import { parseApplication, parseNumber, parseQuestions, questionValues } from './screening';

describe('screening questions in the offer form', () => {
  it('keeps the filled rows in order, ignores empty ones and round-trips through the form values', () => {
    const r = parseQuestions({
      q1_label: '  ¿Vives   en Lima? ',
      q1_kind: 'yes-no',
      q1_required: '1',
      q2_label: '',
      q2_kind: 'text',
      q3_label: 'Años de experiencia',
      q3_kind: 'number',
    });
    expect(r).toEqual({
      ok: true,
      value: [
        { kind: 'yes-no', label: '¿Vives en Lima?', required: true },
        { kind: 'number', label: 'Años de experiencia', required: false },
      ],
    });
    if (r.ok) expect(parseQuestions(questionValues(r.value))).toEqual(r);
  });

  it('says what is wrong with a row: too long, unknown kind, required without a question', () => {
    expect(parseQuestions({ q1_label: 'x'.repeat(201), q2_label: 'ok', q2_kind: 'essay', q3_required: '1' })).toEqual({
      ok: false,
      errors: {
        q1_label: { key: 'applying.error.tooLong', params: { max: 200 } },
        q2_kind: { key: 'applying.error.questionKind' },
        q3_label: { key: 'applying.error.questionMissing' },
      },
    });
  });
});

describe('the apply form', () => {
  const questions = [
    { position: 1, kind: 'yes-no' as const, label: 'Lima', required: true },
    { position: 2, kind: 'number' as const, label: 'Años', required: false },
    { position: 3, kind: 'text' as const, label: 'Web', required: false },
  ];
  it('reads numbers as people type them', () => {
    expect([parseNumber('3'), parseNumber('2,5'), parseNumber('-1.25'), parseNumber('1e3'), parseNumber('3 años')]).toEqual([
      3,
      2.5,
      -1.25,
      null,
      null,
    ]);
  });
  it('accepts the answers, dropping empty optional ones', () => {
    expect(parseApplication(questions, { answer_1: 'no', answer_2: '2,5', cover_note: ' Hola \r\nequipo ' })).toEqual({
      ok: true,
      value: {
        coverNote: 'Hola \nequipo',
        answers: [
          { position: 1, answer: 'no' },
          { position: 2, answer: '2.5' },
        ],
      },
    });
  });
  it('refuses a missing required answer, a made-up choice, a long text and a long note', () => {
    expect(parseApplication(questions, {}).ok).toBe(false);
    expect(parseApplication(questions, { answer_1: 'maybe', answer_3: 'x'.repeat(201), cover_note: 'x'.repeat(2001) })).toEqual({
      ok: false,
      errors: {
        answer_1: { key: 'applying.error.choose' },
        answer_3: { key: 'applying.error.tooLong', params: { max: 200 } },
        cover_note: { key: 'applying.error.tooLong', params: { max: 2000 } },
      },
    });
  });
});
