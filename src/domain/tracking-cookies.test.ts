import { describe, expect, it } from 'vitest';
import { FULL_CONSENT, NO_CONSENT } from './consent';
import { trackingCookiesToDrop } from './tracking-cookies';

describe('tracking cookies to drop', () => {
  const names = ['rl_user_id', 'rl_session', '_dd_s', '_dd_other', 'tandem_consent', 'tandem_token', 'xrl_a'];
  it('drops each tool’s cookies once its permission is gone, and nothing else', () => {
    expect(trackingCookiesToDrop(names, NO_CONSENT)).toEqual(['rl_user_id', 'rl_session', '_dd_s']);
    expect(trackingCookiesToDrop(names, { analytics: false, monitoring: true })).toEqual(['rl_user_id', 'rl_session']);
    expect(trackingCookiesToDrop(names, { analytics: true, monitoring: false })).toEqual(['_dd_s']);
    expect(trackingCookiesToDrop(names, FULL_CONSENT)).toEqual([]);
  });
});
