import { describe, expect, it } from 'vitest';
import { calculatorQuery, parseCalculatorQuery } from './calculator';

describe('calculator inputs', () => {
  it('reads valid inputs, skills as a list, and writes them back in a stable order', () => {
    const r = parseCalculatorQuery(
      new URLSearchParams('role=backend&country=peru&seniority=mid&english=advanced&skills=go,docker&skills=go'),
    );
    expect(r).toEqual({
      ok: true,
      input: { country: 'peru', role: 'backend', seniority: 'mid', english: 'advanced', modality: undefined, skills: ['go', 'docker'] },
    });
    expect(calculatorQuery(r.ok ? r.input : {})).toBe('country=peru&role=backend&seniority=mid&english=advanced&skills=go%2Cdocker');
  });
  it('names every missing or wrong field', () => {
    expect(parseCalculatorQuery(new URLSearchParams('country=narnia&seniority=guru&modality=moon&skills=cobol'))).toEqual({
      ok: false,
      invalid: ['country', 'role', 'seniority', 'modality', 'skills'],
    });
  });
});
