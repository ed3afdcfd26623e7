import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { addUser } from '../../testing/marketplace';
import { EXIT, main, parseCertificateArgs } from './certificates-cli';

// `npm run certificates`: what it accepts, what it says, and the exit code a script can test.
describe('the certificates command', () => {
  it('reads list and revoke, and says what is wrong otherwise', () => {
    expect(parseCertificateArgs(['list'])).toEqual({ command: 'list', revoked: false, limit: 50 });
    expect(parseCertificateArgs(['list', '--revoked', '--limit', '5'])).toEqual({ command: 'list', revoked: true, limit: 5 });
    expect(parseCertificateArgs(['revoke', 'a-1', '--reason', ' Fraud '])).toEqual({ command: 'revoke', ref: 'a-1', reason: 'Fraud' });
    for (const bad of [
      [],
      ['drop'],
      ['revoke', 'a-1'],
      ['revoke', '--reason', 'x'],
      ['revoke', 'a', 'b', '--reason', 'x'],
      ['list', '--limit', '0'],
      ['list', '--what'],
    ])
      expect(parseCertificateArgs(bad)).toHaveProperty('error');
    expect(parseCertificateArgs(['revoke', 'a-1', '--reason', 'x'.repeat(401)])).toEqual({
      error: 'the reason is longer than 400 characters',
    });
  });

  const dir = mkdtempSync(join(tmpdir(), 'tandem-certs-'));
  const url = `file:${join(dir, 'test.db')}`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('revokes by slug or id through the service, once, with exit codes for each refusal', async () => {
    const database = openDatabase(url);
    await migrateToLatest(database);
    const ana = await addUser(database.db, 'match', 'Ana');
    const { id } = await database.db
      .insertInto('certifications')
      .values({
        slug: 'frontend-react-mid-ana',
        user_id: ana,
        role: 'frontend',
        level: 'mid',
        score: 80,
        is_demo: 0,
        issued_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.close();
    const out: string[] = [];
    const err: string[] = [];
    const run = (...args: string[]) => main(args, { databaseUrl: url, log: (l) => out.push(l), error: (l) => err.push(l) });

    expect(await run('revoke', 'frontend-react-mid-ana')).toBe(EXIT.usage);
    expect(err.pop()).toMatch(/needs --reason/);
    expect(await run('revoke', 'nope', '--reason', 'x')).toBe(EXIT.notFound);
    expect(await run('revoke', String(id), '--reason', 'Answers shared online')).toBe(EXIT.ok);
    expect(out.pop()).toMatch(/^frontend-react-mid-ana: revoked at /);
    expect(await run('revoke', 'frontend-react-mid-ana', '--reason', 'again')).toBe(EXIT.alreadyRevoked);
    expect(err.pop()).toMatch(/already revoked/);
    expect(await run('list', '--revoked')).toBe(EXIT.ok);
    expect(out.pop()).toMatch(new RegExp(`^${id}\\tfrontend-react-mid-ana\\tAna .*\\trevoked .* \\(Answers shared online\\)$`));
  });
});
