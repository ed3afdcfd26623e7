import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

let warned = false;

/**
 * The token signing secret: JWT_SECRET when set; on the embedded default, generated once into
 * data/jwt-secret (mode 600) and reused, so sessions survive restarts and every worker agrees.
 */
export function loadJwtSecret(env = process.env, file = 'data/jwt-secret'): string {
  const fromEnv = env.JWT_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  // On PostgreSQL the instances may run on several machines, each with its own data/ folder: their sessions
  // would not work on one another. Say so (the tests' and the soak's instances share one folder).
  if (/^postgres/.test(env.DATABASE_URL ?? '') && !warned) {
    warned = true;
    console.warn('[auth] JWT_SECRET is not set: instances on other machines need the same one (see "Running more than one instance")');
  }
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    console.log(`[auth] JWT_SECRET is not set: generated one into ${file}`);
    return secret;
  } catch {
    // Another worker created it first: use theirs, waiting a moment if it is still being written.
    for (let i = 0; i < 50; i++) {
      const theirs = readFileSync(file, 'utf8').trim();
      if (theirs) return theirs;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    throw new Error(`${file} is empty: delete it or set JWT_SECRET`);
  }
}
