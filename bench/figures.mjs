// The targets' summary for bench/run.mjs (decisions 002 and 032): the memory of every server process and the targets computed from
// the throughput rows (10 connections).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process and its descendants. */
function tree(pid) {
  let pids = [pid];
  try {
    const kids = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
    for (const k of kids) pids = pids.concat(tree(k));
  } catch {}
  return pids;
}

/** RSS of the cluster primary (`primaryPid`, scripts/start.mjs) and of each of its workers, against `targetMb`. */
export function processMemory(primaryPid, targetMb) {
  return tree(primaryPid)
    .map((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const mb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
        const role = pid === primaryPid ? 'primary' : 'worker';
        return { pid, role, 'rss MB': mb, target: `< ${targetMb} MB`, met: mb < targetMb ? 'yes' : 'NO' };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}

/** Idle time before the second RSS reading: longer than V8's memory reducer waits (8 s) after the load. */
const SETTLE_MS = 15_000;
const LATER = `${SETTLE_MS / 1000} s later`;

/**
 * `processMemory` at the end of the load (about a second after the last request), and each process's RSS
 * again SETTLE_MS later, once an idle worker has collected what the last runs left (scripts/idle-gc.mjs).
 */
export async function processMemoryThenIdle(primaryPid, targetMb) {
  const memory = processMemory(primaryPid, targetMb);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const later = new Map(processMemory(primaryPid, targetMb).map((m) => [m.pid, m['rss MB']]));
  for (const m of memory) {
    const mb = later.get(m.pid);
    m[`rss MB ${LATER}`] = mb ?? '';
    m[`met ${LATER}`] = mb === undefined ? '' : mb < targetMb ? 'yes' : 'NO';
  }
  return memory;
}

/**
 * The issue's figures from the rows: signed-in against anonymous cached pages (`pairs` of row labels), a
 * cache hit against the static server (`staticRows`, rows measured with `compare`), the uncached row, and RSS.
 */
export function issueTargets(results, { pairs, staticRows, uncachedRow, uncachedTarget, memory }) {
  const at10 = (page) => results.find((r) => r.page === page && r.conns === 10);
  const out = [];
  for (const [signedIn, anonymous] of pairs) {
    const a = at10(signedIn);
    const b = at10(anonymous);
    if (a && b)
      out.push({
        figure: `signed in / anonymous cached: ${signedIn.replace(/ \(signed in.*$/, '')}`,
        value: `${(a['req/s'] / b['req/s']).toFixed(2)}x`,
        target: '>= 0.8x',
      });
  }
  for (const page of staticRows) {
    const r = at10(page);
    if (r?.ratio) out.push({ figure: `cache hit / static server: ${page.replace(/ \(.*$/, '')}`, value: `${r.ratio}x`, target: '>= 0.8x' });
  }
  const uncached = at10(uncachedRow);
  if (uncached) out.push({ figure: uncachedRow, value: `${uncached['req/s']} req/s`, target: uncachedTarget });
  for (const m of memory)
    out.push({
      figure: `RSS after the bench, ${m.role} ${m.pid}`,
      value: `${m['rss MB']} MB at the end, ${m[`rss MB ${LATER}`]} MB ${LATER}`,
      target: m.target,
    });
  return out;
}
