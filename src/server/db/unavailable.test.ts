import { describe, expect, it } from 'vitest';
import { isDatabaseTimeout, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database errors: unavailable, or only slow', () => {
  it('knows a refused, reset or timed-out connection', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
  });

  it("knows PostgreSQL's shutting-down, starting-up and connection-exception states", () => {
    for (const code of ['57P01', '57P03', '08006', '08001', '53300']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
  });

  it("knows node-postgres' messages for a lost connection and its timeouts", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
  });

  it('looks inside an AggregateError (localhost tries ::1 and 127.0.0.1) and a cause', () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('knows SQLite busy past its timeout', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errstr: 'database is locked' })),
    ).toBe(true);
  });

  it('leaves a wrong query, a constraint and anything else to be a 500', () => {
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('tells a wait that ran out (the database may only be slow) from a refusal', () => {
    expect(isDatabaseTimeout(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseTimeout(new Error('wrapped', { cause: new Error('Query read timeout') }))).toBe(true);
    expect(isDatabaseTimeout(new AggregateError([withCode('ETIMEDOUT')]))).toBe(true);
    expect(isDatabaseTimeout(withCode('ECONNREFUSED'))).toBe(false);
    expect(isDatabaseTimeout(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});
