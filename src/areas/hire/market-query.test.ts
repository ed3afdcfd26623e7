import { describe, expect, it } from 'vitest';
import { marketQueryOf } from './market-query';

describe("the offer form's market fields as a query", () => {
  it('sends the market fields that hold something, trimmed, and nothing else', () => {
    const data = new URLSearchParams({
      title: 'Backend',
      role: 'backend',
      seniority: '',
      country: ' peru ',
      salary_min: '9.000',
      currency: 'LOCAL',
      description: 'x',
    });
    expect(marketQueryOf(data)).toEqual({ role: 'backend', country: 'peru', salary_min: '9.000', currency: 'LOCAL' });
  });

  it('cuts a long value instead of sending it whole', () => {
    expect(marketQueryOf(new URLSearchParams({ salary_max: '9'.repeat(100) })).salary_max).toHaveLength(40);
  });
});
