import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { statusOf } from './respond';
import { ServiceError, type ServiceErrorCode } from '../errors';
import { attempt, refusal } from './form-outcome';

const t = getT('es');
const CODES = Object.keys(statusOf) as ServiceErrorCode[];

describe("a service's refusal as a form's outcome", () => {
  it("answers every code with the API's status, the service's field messages and what was typed", () => {
    for (const code of CODES) {
      const out = refusal({ t }, new ServiceError(code, { email: { key: 'api.emailTaken' } }), { values: { email: 'a@b.co' } });
      expect(out).toMatchObject({
        ok: false,
        status: statusOf[code][0],
        errors: { email: t('api.emailTaken') },
        values: { email: 'a@b.co' },
      });
    }
    expect(refusal({ t }, new ServiceError('invalid-input'))).toEqual({
      ok: false,
      status: 422,
      message: t('forms.summary'),
      errors: {},
      values: {},
    });
    expect(refusal({ t }, new ServiceError('invalid-credentials')).message).toBe(t('api.invalidCredentials'));
  });

  it('says how long to wait when rate limited (a minute when the service does not say)', () => {
    expect(refusal({ t }, new ServiceError('rate-limited', {}, { retryAfterSeconds: 30 }))).toMatchObject({
      status: 429,
      message: t('api.tooManyRequests', { seconds: 30 }),
      retryAfter: 30,
    });
    expect(refusal({ t }, new ServiceError('rate-limited'))).toMatchObject({ retryAfter: 60 });
    expect(refusal({ t }, new ServiceError('conflict'))).not.toHaveProperty('retryAfter');
  });

  it("words a code the action's own way: a message, or the service's message for a field when it gave one", () => {
    const summaries = { gone: 'offer.notOpen', conflict: { field: 'status', else: 'hire.error.action' } } as const;
    expect(refusal({ t }, new ServiceError('gone'), { summaries }).message).toBe(t('offer.notOpen'));
    expect(refusal({ t }, new ServiceError('conflict', { status: { key: 'hire.error.moved' } }), { summaries }).message).toBe(
      t('hire.error.moved'),
    );
    expect(refusal({ t }, new ServiceError('conflict', { action: { key: 'forms.error.invalid' } }), { summaries }).message).toBe(
      t('hire.error.action'),
    );
    expect(
      refusal({ t }, new ServiceError('invalid-input', { form: { key: 'forms.error.invalid' } }), { fieldErrors: false }).errors,
    ).toEqual({});
  });

  it('lets anything but a service refusal through (a 500, or the 503 of a database outage)', async () => {
    expect(() => refusal({ t }, new Error('boom'))).toThrow('boom');
    await expect(attempt({ t }, {}, () => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
    await expect(attempt({ t }, {}, () => Promise.reject(new ServiceError('not-found')))).resolves.toMatchObject({ status: 404 });
  });
});
