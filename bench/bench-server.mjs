// The production server as the benches start it: built once, each server in a process group of its own (a
// stop ends its workers too), bound to 127.0.0.1, and a wait for its readiness.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** `npm run build`, its output hidden but its errors shown. */
export function buildOnce() {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * scripts/start.mjs on 127.0.0.1:`port` with `env` added to this process's. `stdout: 'pipe'` keeps its output
 * readable (the main bench reads the workers' slowest callbacks from it).
 */
export function startServer(port, env = {}, { stdout = 'ignore' } = {}) {
  const proc = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', stdout, 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {}
  };
  return { proc, stop, origin: `http://127.0.0.1:${port}` };
}

/** Resolves once `url` answers 2xx (at most 30 s). */
export async function waitUp(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}
