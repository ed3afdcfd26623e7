// The shutdown of `npm start`'s cluster (scripts/cluster.mjs), through a fixture with 2 workers and a plain
// HTTP server: SIGTERM to the primary must let requests in flight finish, refuse new connections, and end
// the process; a worker that dies while running is replaced.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/slow-server.mjs', import.meta.url));

type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
type Started = { child: ChildProcess; port: number; exited: Promise<Exit>; output: () => string };

const started: ChildProcess[] = [];

/** Kills the primary's whole process group (the workers too), whatever state it is in. */
function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

afterEach(() => {
  for (const child of started.splice(0)) killGroup(child);
});

/** A port free right now (the fixture's workers bind it again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the fixture's primary and waits until `listeners` workers serve. When the primary exits, the rest of
 * its group is killed, as a service manager or container runtime does: workers left behind do not count. */
async function start(env: Record<string, string> = {}, listeners = 2): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, ...env, PORT: String(port) },
    detached: true, // its own process group, so afterEach can kill the workers too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      killGroup(child);
      resolve({ code, signal, at: Date.now() });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fixture did not start:\n${out}`)), 10_000);
    const check = () => {
      if ((out.match(/worker \d+ listening/g) ?? []).length >= listeners) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    check();
    void exited.then(() => reject(new Error(`fixture exited:\n${out}`)));
  });
  return { child, port, exited, output: () => out };
}

type Answer = { status: number; body: string; headers: Record<string, unknown>; at: number };

/** One HTTP request; `write` streams the body (it receives the request once headers are sent). */
function send(
  port: number,
  path: string,
  opts: {
    method?: string;
    agent?: Agent | false;
    headers?: Record<string, string | number>;
    write?: (req: ReturnType<typeof request>) => void;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', agent: opts.agent ?? false, headers: opts.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, at: Date.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.write) opts.write(req);
    else req.end();
  });
}

/** 'connected' or the error code of a bare TCP connection attempt. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}

/** Rejects when `promise` has not settled within `ms` (bounds a hang; not a speed assertion). */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

const pending = <T>(promise: Promise<T>) =>
  Promise.race([
    promise.then(
      () => false,
      () => false,
    ),
    sleep(0).then(() => true),
  ]);

describe('cluster shutdown (scripts/cluster.mjs)', { timeout: 30_000 }, () => {
  it('a slow request in flight at SIGTERM gets its normal answer', async () => {
    const { child, port, exited } = await start();
    // Longer than the 3 s after which the old primary exited regardless.
    const answer = send(port, '/slow?ms=4000');
    await sleep(300);
    child.kill('SIGTERM');
    const { status, body } = await within(15_000, answer, 'slow answer');
    expect({ status, body }).toEqual({ status: 200, body: 'slow done' });
    await within(10_000, exited, 'primary exit');
  });

  it('a body still being uploaded at SIGTERM gets its normal answer', async () => {
    const { child, port, exited } = await start();
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const chunks = 5;
    const answer = send(port, '/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': chunk.length * chunks },
      write: (req) => {
        void (async () => {
          req.write(chunk);
          await sleep(300);
          child.kill('SIGTERM'); // the first chunk is in, the rest comes over 4 s (the old primary left at 3 s)
          for (let i = 1; i < chunks; i++) {
            await sleep(1000);
            req.write(chunk);
          }
          req.end();
        })();
      },
    });
    const { status, body } = await within(15_000, answer, 'upload answer');
    expect({ status, body }).toEqual({ status: 200, body: `received ${chunk.length * chunks} bytes` });
    await within(10_000, exited, 'primary exit');
  });

  it('refuses new connections once SIGTERM has arrived, while requests in flight drain', async () => {
    const { child, port, exited } = await start();
    expect(await tryConnect(port)).toBe('connected');
    const answer = send(port, '/slow?ms=4000');
    await sleep(300);
    child.kill('SIGTERM');
    // The workers close their listeners on the signal; the primary's closes when both have.
    let result = '';
    for (let i = 0; i < 60 && result !== 'ECONNREFUSED'; i++) {
      await sleep(50);
      result = await tryConnect(port);
    }
    expect(result).toBe('ECONNREFUSED');
    // Refused during the drain, not because everything is gone.
    expect(await pending(answer)).toBe(true);
    expect(await pending(exited)).toBe(true);
    expect((await within(15_000, answer, 'slow answer')).body).toBe('slow done');
  });

  it('the primary exits with code 0 after the drain, closing kept-alive connections', async () => {
    const { child, port, exited, output } = await start({ SHUTDOWN_TIMEOUT_MS: '30000' });
    // One idle kept-alive connection, and one whose answer has started and becomes idle only after the
    // signal: the fixture keeps idle connections 60 s, so a drain that waited for them would hang.
    const idle = new Agent({ keepAlive: true });
    const busy = new Agent({ keepAlive: true });
    try {
      expect((await send(port, '/pid', { agent: idle })).status).toBe(200);
      const streamed = send(port, '/stream?ms=1500', { agent: busy });
      const slow = send(port, '/slow?ms=1500', { agent: busy });
      await sleep(300);
      child.kill('SIGTERM');
      const answers = await within(15_000, Promise.all([streamed, slow]), 'answers');
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, 'start end'],
        [200, 'slow done'],
      ]);
      const exit = await within(10_000, exited, 'primary exit');
      expect(exit.code).toBe(0);
      expect(exit.at).toBeGreaterThanOrEqual(Math.max(...answers.map((a) => a.at)));
      // Both workers ran their close step (where start.mjs closes the database).
      expect(output().match(/worker \d+ closed/g)).toHaveLength(2);
    } finally {
      idle.destroy();
      busy.destroy();
    }
  });

  it('Ctrl-C (SIGINT to the whole process group) drains like SIGTERM', async () => {
    const { child, port, exited } = await start();
    const answer = send(port, '/slow?ms=1500');
    await sleep(300);
    // The workers get SIGINT from the terminal, then SIGTERM from the primary: neither may cut the drain.
    process.kill(-child.pid!, 'SIGINT');
    const { status, body } = await within(15_000, answer, 'slow answer');
    expect({ status, body }).toEqual({ status: 200, body: 'slow done' });
    expect((await within(10_000, exited, 'primary exit')).code).toBe(0);
  });

  it('exits within a bounded time when a request never finishes (SHUTDOWN_TIMEOUT_MS)', async () => {
    const { child, port, exited, output } = await start({ SHUTDOWN_TIMEOUT_MS: '500' });
    const hung = send(port, '/hang');
    hung.catch(() => {}); // cut at the deadline
    await sleep(300);
    child.kill('SIGTERM');
    const exit = await within(8_000, exited, 'primary exit');
    expect(exit.code).toBe(1);
    await expect(hung).rejects.toThrow();
    expect(output()).toMatch(/still open after 500 ms/);
  });

  it('cuts an open event stream first, so that it does not hold SIGTERM for the whole timeout', async () => {
    const { child, port, exited, output } = await start({ SHUTDOWN_TIMEOUT_MS: '20000' });
    const stream = send(port, '/events', { headers: { accept: 'text/event-stream' } });
    stream.catch(() => {}); // cut by the drain
    await sleep(300);
    child.kill('SIGTERM');
    const exit = await within(8_000, exited, 'primary exit');
    expect(exit.code, output()).toBe(0);
    await expect(stream).rejects.toThrow();
    expect(output()).not.toMatch(/still open/);
  });

  it('SIGKILLs a worker too stuck to drain, once SHUTDOWN_TIMEOUT_MS has passed', async () => {
    const { child, port, exited, output } = await start({ SHUTDOWN_TIMEOUT_MS: '500' });
    send(port, '/spin').catch(() => {});
    await sleep(300);
    child.kill('SIGTERM');
    const exit = await within(8_000, exited, 'primary exit');
    expect(exit.code).toBe(1);
    expect(output()).toMatch(/1 worker\(s\) still running \d+ ms after the signal; killing them/);
  });

  it('a request sent as a worker is killed is answered or refused at once, never left waiting', async () => {
    const { child, port } = await start();
    // The primary's live workers: a worker killed in the round before can still be listed for a moment as a
    // zombie, and killing it then fails (ESRCH), an error thrown in a timer.
    const pids = () =>
      execFileSync('ps', ['-o', 'pid=,stat=', '--ppid', String(child.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter(([pid, stat]) => pid && !stat?.startsWith('Z'))
        .map(([pid]) => Number(pid));
    const outcomes: string[] = [];
    const one = () =>
      within(5_000, send(port, '/slow?ms=30'), 'a request during the kill').then(
        (a) => outcomes.push(String(a.status)),
        (err: Error) => {
          if (/not within/.test(err.message)) throw err;
          outcomes.push('reset');
        },
      );
    for (let round = 0; round < 3; round++) {
      const batch = Array.from({ length: 60 }, one);
      // A worker alive at the moment of the kill (read then), killed within the round: a kill left in a timer
      // could fire after the test, at a process already gone.
      const kill = sleep(5).then(() => {
        const victim = pids()[0];
        if (!victim) throw new Error('no live worker to kill');
        process.kill(victim, 'SIGKILL');
      });
      await Promise.all([...batch, kill]);
      await expect.poll(() => pids().length, { timeout: 10_000 }).toBe(2);
    }
    expect(outcomes).toHaveLength(180);
    expect(outcomes.filter((o) => o === '200').length).toBeGreaterThan(0);
  });

  it('replaces a worker killed while running, and keeps answering', async () => {
    const { port, output } = await start();
    const victim = Number((await send(port, '/pid')).body);
    process.kill(victim, 'SIGKILL');
    for (let i = 0; i < 100 && !/died \(SIGKILL\); starting another/.test(output()); i++) await sleep(50);
    expect(output()).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\); starting another`));
    const pids = new Set<number>();
    for (let i = 0; i < 100 && pids.size < 2; i++) {
      const { status, body } = await send(port, '/pid');
      expect(status).toBe(200);
      pids.add(Number(body));
      await sleep(50);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(victim)).toBe(false);
  });

  it('replaces a worker that crashes with code 1 after it served (an uncaught error is not a failed start)', async () => {
    const { port, output, child } = await start();
    const victim = Number((await send(port, '/pid')).body);
    let crashed = false;
    // Connections go to either worker: ask until the victim itself answers /crash.
    for (let i = 0; i < 50 && !crashed; i++) {
      const { body } = await send(port, '/pid');
      if (Number(body) === victim) crashed = (await send(port, '/crash')).body === 'crashing';
    }
    for (let i = 0; i < 100 && !/died \(1\); starting another/.test(output()); i++) await sleep(50);
    expect(output()).toMatch(/died \(1\); starting another/);
    expect(output()).not.toMatch(/exited with code 1; stopping/);
    expect(child.exitCode).toBeNull();
    const { status } = await send(port, '/pid');
    expect(status).toBe(200);
  });

  it('stops everything, with code 1, when a worker fails at start', async () => {
    const { exited, output } = await start({ FAIL_START: '1' }, 0);
    const exit = await within(10_000, exited, 'primary exit');
    expect(exit.code).toBe(1);
    expect(output()).toMatch(/exited with code 1; stopping/);
    expect(output()).not.toMatch(/starting another/);
  });
});
