import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { addUser } from '../../../testing/marketplace';
import { main } from './cli';

// `npm run operators`: add, remove and list, with clear refusals (exit code 2) and each change audited.
describe('the operators command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-operators-'));
  const url = `file:${join(dir, 'test.db')}`;
  const saved = process.env.DATABASE_URL;
  let out: string[] = [];
  beforeAll(async () => {
    process.env.DATABASE_URL = url;
    const database = openDatabase(url);
    await migrateToLatest(database);
    const id = await addUser(database.db, 'match', 'Ana');
    await database.db.updateTable('users').set({ email: 'ana@example.com' }).where('id', '=', id).execute();
    await database.close();
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  });
  afterAll(() => {
    vi.restoreAllMocks();
    process.env.DATABASE_URL = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  const run = async (...args: string[]) => {
    out = [];
    return { code: await main(args), out: out.join('\n') };
  };

  it('grants, lists and withdraws the role, refusing what makes no sense', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('add')).code).toBe(2);
    expect(await run('add', 'nadie@example.com')).toMatchObject({ code: 2, out: expect.stringContaining('no account') });
    const added = await run('add', 'ANA@example.com');
    expect(added.code).toBe(0);
    expect(added.out).toContain('/operador/verificar');
    expect(await run('add', 'ana@example.com')).toMatchObject({ code: 2, out: expect.stringContaining('already an operator') });
    expect(await run('list')).toMatchObject({
      code: 0,
      out: expect.stringContaining('ana@example.com\tmatch\tsecond factor not enrolled'),
    });
    expect((await run('remove', 'ana@example.com')).code).toBe(0);
    expect(await run('remove', 'ana@example.com')).toMatchObject({ code: 2, out: expect.stringContaining('not an operator') });
    expect(await run('list')).toMatchObject({ code: 0, out: 'no operators' });
    const database = openDatabase(url);
    const log = await database.db.selectFrom('operator_audit').select(['actor', 'action']).orderBy('id').execute();
    await database.close();
    expect(log).toEqual([
      { actor: 'cli', action: 'operator.add' },
      { actor: 'cli', action: 'operator.remove' },
    ]);
  });
});
