import { describe, expect, it } from 'vitest';
import { neighbours, PIPELINE, STAGES, WITHDRAWABLE } from './pipeline';

describe('the pipeline order', () => {
  it('runs from applied through screening and interviews to hiring, rejection last', () => {
    expect(PIPELINE).toEqual([
      'sent',
      'approved',
      'initial-interview',
      'technical-interview',
      'final-stage',
      'pre-placed',
      'placed',
      'rejected',
    ]);
    expect(PIPELINE.at(-1)).toBe('rejected');
  });

  it('moves cards along the stages without rejection', () => {
    expect(STAGES).not.toContain('rejected');
    expect(neighbours('approved')).toEqual({ prev: 'sent', next: 'initial-interview' });
    expect(neighbours('placed')).toEqual({ prev: 'pre-placed', next: null });
    expect(neighbours('rejected')).toEqual({ prev: null, next: null });
  });

  it('lets a candidate withdraw only before a decision', () => {
    expect(WITHDRAWABLE).toEqual(['sent', 'approved', 'initial-interview', 'technical-interview', 'final-stage', 'pre-placed']);
    expect(WITHDRAWABLE).not.toContain('placed');
    expect(WITHDRAWABLE).not.toContain('rejected');
  });
});
