import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { test } from '@playwright/test';
import pg from 'pg';
import { e2eServerEnv } from './env';

// More instances of the production build beside the browser tests' server, each a `node scripts/start.mjs`
// of its own on 127.0.0.1 (the page fuzz on PostgreSQL, the several-instances and fault tests). Each is
// stopped by the test that started it (SIGTERM, then SIGKILL after 15 s).

export type Instance = {
  origin: string;
  port: number;
  proc: ChildProcess;
  /** Everything the instance printed so far. */
  log: () => string;
  /** The worker processes' ids (children of the primary). */
  workerPids: () => number[];
  stop: () => Promise<void>;
};

/** A TCP port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Declares tests that need the tests' PostgreSQL server: `define` gets TEST_DATABASE_URL. Without it they are
 * skipped with the reason in the test's name, except in CI, where a failing test says the variable is required:
 * the PostgreSQL tests must run there, never be skipped.
 */
export function withPostgres(what: string, define: (pgUrl: string) => void): void {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) return define(pgUrl);
  if (process.env.CI) {
    test(`${what}: TEST_DATABASE_URL is required in CI`, () => {
      throw new Error(`TEST_DATABASE_URL is required in CI: ${what} must run, not be skipped`);
    });
  } else {
    test.skip(`${what}: skipped, set TEST_DATABASE_URL to run them (they need PostgreSQL)`, () => {});
  }
}

/** Run `fn` with a client of the PostgreSQL server the tests use (TEST_DATABASE_URL). */
export async function pgAdmin<T>(pgUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh schema name on the tests' PostgreSQL server, and its DATABASE_URL. */
export async function freshSchema(pgUrl: string, tag: string): Promise<{ schema: string; url: string }> {
  const schema = `${tag}_${randomBytes(5).toString('hex')}`;
  await pgAdmin(pgUrl, (c) => c.query(`create schema ${schema}`));
  return { schema, url: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}schema=${schema}` };
}

/** Poll a URL until it answers 200; stop early when the server process has exited. */
export async function waitForOk(url: string, timeoutMs: number, exitCode: () => number | null = () => null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode() !== null) throw new Error(`the server exited (code ${exitCode()}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Start the production build (as the browser tests' server built it) on a free port with the browser tests'
 * environment plus `env`, and wait until it is ready: /readyz, whose first call migrates and seeds.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The runner's environment (PATH and the like) without NODE_OPTIONS, which is meant for the runner.
  const { NODE_OPTIONS: _hooks, ...inherited } = process.env as Record<string, string>;
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...inherited, ...e2eServerEnv(), WORKERS: '1', SITE_URL: origin, NO_BUILD: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => void (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => void (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  const instance: Instance = {
    origin,
    port,
    proc,
    log: () => out,
    workerPids: () => {
      try {
        return execFileSync('ps', ['-o', 'pid=', '--ppid', String(proc.pid)], { encoding: 'utf8' })
          .split('\n')
          .map((s) => Number(s.trim()))
          .filter((n) => n > 0);
      } catch {
        return []; // ps exits 1 when the primary has no children
      }
    },
    stop: async () => {
      if (!alive()) return;
      // The primary drains its workers on SIGTERM; a worker exits when its primary is gone.
      proc.kill('SIGTERM');
      const timer = new Promise((r) => setTimeout(r, 15_000, 'timeout'));
      if ((await Promise.race([exited, timer])) === 'timeout') {
        proc.kill('SIGKILL');
        await exited;
      }
    },
  };
  try {
    await waitForOk(`${origin}/readyz`, 120_000, () => proc.exitCode);
    // The first request that needs the database migrates it and seeds the demo world.
    await waitForOk(`${origin}/readyz`, 300_000, () => proc.exitCode);
  } catch (err) {
    await instance.stop();
    throw new Error(`${(err as Error).message}; the server printed:\n${out.slice(-4000)}`, { cause: err });
  }
  return instance;
}
