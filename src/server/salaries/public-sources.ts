import 'server-only';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Format } from './importers';

// The public salary surveys Tandem knows (docs/salary-data.md): where a checkout keeps them
// (shared/data beside the checkout, never copied into the repository) and where they are published, pinned to the commit
// that was reviewed, so `npm run salaries:import-public` imports the same bytes either way.
export type PublicSource = { format: Format; dir: string; file: string; url: string };

export const PUBLIC_SOURCES: PublicSource[] = [
  {
    format: 'laplaza',
    dir: 'laplazadevs-salarios-colombia-2025',
    file: '20250603_normalized.csv',
    url: 'https://raw.githubusercontent.com/laplazadevs/salarios/e4a51fd8d003ae2a8e0c5f64f7082219a5090a79/public/data/20250603_normalized.csv',
  },
  {
    format: 'aijobs',
    dir: 'aijobs-net-salaries-CC0',
    file: 'salaries.csv',
    url: 'https://raw.githubusercontent.com/foorilla/ai-jobs-net-salaries/9c225876510af8fbdabdb7ca39d1a6d44be0072b/salaries.csv',
  },
  {
    format: 'aijobs',
    dir: 'devops-jobs-net-salaries-CC0',
    file: 'salaries.csv',
    url: 'https://raw.githubusercontent.com/foorilla/devops-jobs-net-salaries/c203603c5749aeebf9438260cf24d04cb61b65fc/salaries.csv',
  },
];

/** Where a known source is on this machine, if it is. */
export function localCopy(source: PublicSource, dataDir: string): string | null {
  const path = join(dataDir, source.dir, source.file);
  return existsSync(path) ? path : null;
}

const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Download a survey file to a temporary file and say its SHA-256, so the operator can check it. Only
 * https, and plain http to this machine (for tests and local mirrors); at most 64 MiB.
 */
export async function downloadSurvey(
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ path: string; sha256: string; bytes: number }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`not a URL: ${url}`);
  }
  const loopback = u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  if (u.protocol !== 'https:' && !loopback) throw new Error('only https URLs (or http to this machine) can be imported');
  const res = await fetchImpl(u, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
  if (!res.ok) throw new Error(`download failed: ${res.status} ${res.statusText} for ${url}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new Error(`the file is too large (${declared} bytes; the limit is ${MAX_BYTES})`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > MAX_BYTES) throw new Error(`the file is too large (${body.length} bytes; the limit is ${MAX_BYTES})`);
  const dir = await mkdtemp(join(tmpdir(), 'tandem-survey-'));
  const path = join(dir, u.pathname.split('/').filter(Boolean).pop() || 'survey.csv');
  await writeFile(path, body);
  return { path, sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
}
