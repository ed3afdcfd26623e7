import { describe, expect, it } from 'vitest';
import { subsetT } from './subset-t';
import { getT, messageGroups } from './translate';

describe('a translator over a subset of the messages', () => {
  it('formats like the full translator for the keys it holds, and shows the key for any other', () => {
    for (const locale of ['es', 'en'] as const) {
      const t = subsetT(messageGroups(locale, ['hire.market', 'salary.provenance.reports']));
      const full = getT(locale);
      expect(t('hire.market.candidates', { n: '12' })).toBe(full('hire.market.candidates', { n: '12' }));
      expect(t('salary.provenance.reports', { n: 3 })).toBe(full('salary.provenance.reports', { n: 3 }));
      expect(t('hire.market.range', {})).toBe(full('hire.market.range', {}));
      expect(t('salary.noData')).toBe('salary.noData');
    }
  });

  it('takes only the groups asked for', () => {
    const table = messageGroups('en', ['offer.verdict', 'salary.noData']);
    expect(Object.keys(table).sort()).toEqual(['offer.verdict.competitive', 'offer.verdict.high', 'offer.verdict.low', 'salary.noData']);
  });
});
