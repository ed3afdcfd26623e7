import { describe, expect, it } from 'vitest';
import type { Confidence } from '../../domain/salary-confidence';
import { orderByConfidence, splitByConfidence } from './confidence-order';

const row = (label: string, confidence: Confidence) => ({ label, confidence });
const grade = (r: { confidence: Confidence }) => r.confidence;

describe('salary groups ordered by confidence (decision 052)', () => {
  // As the service gives them: best paid first.
  const rows = [
    row('thin, best paid', 'low'),
    row('large', 'high'),
    row('mid-sized', 'medium'),
    row('thin', 'low'),
    row('none', 'insufficient'),
  ];

  it('keeps the high and medium groups in their order and puts the low ones apart, after them', () => {
    const { ranked, few } = splitByConfidence(rows, grade);
    expect(ranked.map((r) => r.label)).toEqual(['large', 'mid-sized']);
    expect(few.map((r) => r.label)).toEqual(['thin, best paid', 'thin', 'none']);
  });

  it('never lets a thin group top a list, even when cut to its first rows', () => {
    expect(orderByConfidence(rows, grade).map((r) => r.label)).toEqual(['large', 'mid-sized', 'thin, best paid', 'thin', 'none']);
    expect(orderByConfidence(rows, grade).slice(0, 1)[0]!.label).toBe('large');
  });
});
