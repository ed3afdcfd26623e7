// Keeps the content-hashed files of the last builds in dist/public/assets (decision 062). Waku's build
// empties dist/, so a page rendered by a server still on the previous build (another instance during a
// rolling deploy, or a tab opened before it) would find its JavaScript gone. The files live on in an
// archive outside dist/ with a manifest of which build named which file; after each build the files of the
// last `keep` builds are copied back into dist/public/assets and older ones are deleted from the archive.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** A Vite output name: `name-<8-character hash>.ext`, with its precompressed copies. */
const HASHED = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+(?:\.(?:br|gz))?$/;

/** Builds kept by default: this one and the two before it. */
export const DEFAULT_KEEP_BUILDS = 3;

/**
 * Reads KEEP_BUILDS (a whole number, at least 1; default 3); throws on a value that is not one.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function keepBuildsFromEnv(env = process.env) {
  const raw = env.KEEP_BUILDS?.trim();
  if (!raw) return DEFAULT_KEEP_BUILDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`KEEP_BUILDS must be a whole number of builds (1 or more), not "${raw}"`);
  return value;
}

/** @param {string} dir */
function hashedFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && HASHED.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * @typedef {{ id: string, builtAt: string, files: string[] }} ArchivedBuild
 * @typedef {{ version: 1, builds: ArchivedBuild[] }} Manifest
 */

/** @param {string} archiveDir @returns {Manifest} */
function readManifest(archiveDir) {
  const path = join(archiveDir, 'manifest.json');
  if (!existsSync(path)) return { version: 1, builds: [] };
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed?.version === 1 && Array.isArray(parsed.builds)) return parsed;
  } catch {}
  // An unreadable manifest costs the older builds' files, never the build itself.
  console.warn(`[assets] ${path} is unreadable: starting a new archive`);
  return { version: 1, builds: [] };
}

/** @param {string} archiveDir @param {Manifest} manifest */
function writeManifest(archiveDir, manifest) {
  const path = join(archiveDir, 'manifest.json');
  writeFileSync(`${path}.tmp`, JSON.stringify(manifest, null, 2) + '\n');
  renameSync(`${path}.tmp`, path);
}

/**
 * Copies a file under a temporary name, then renames it: a server reading the folder never sees half a
 * file. The modification time is kept, so the ETag (size and mtime) stays the same across builds.
 * @param {string} from @param {string} to
 */
function copyWhole(from, to) {
  const tmp = `${to}.tmp-${process.pid}`;
  copyFileSync(from, tmp);
  const { atime, mtime } = statSync(from);
  utimesSync(tmp, atime, mtime);
  renameSync(tmp, to);
}

/**
 * Before a build: records the hashed files in `assetsDir` that the archive does not know (a build made
 * before the archive existed, or after it was deleted) as one build, so the next build keeps them too.
 * @param {{ assetsDir: string, archiveDir: string, id?: string, now?: Date }} options
 * @returns {number} how many files were adopted
 */
export function adoptAssets({ assetsDir, archiveDir, id = 'adopted', now = new Date() }) {
  const manifest = readManifest(archiveDir);
  const known = new Set(manifest.builds.flatMap((b) => b.files));
  const unknown = hashedFiles(assetsDir).filter((f) => !known.has(f));
  if (unknown.length === 0) return 0;
  const files = join(archiveDir, 'files');
  mkdirSync(files, { recursive: true });
  for (const name of unknown) copyWhole(join(assetsDir, name), join(files, name));
  manifest.builds.push({ id, builtAt: now.toISOString(), files: unknown });
  writeManifest(archiveDir, manifest);
  return unknown.length;
}

/**
 * After a build (precompressed copies made): archives this build's hashed files under `buildId`, forgets
 * all but the last `keep` builds (this one included), deletes the archived files no kept build names, and
 * copies the kept builds' files that are missing back into `assetsDir`.
 * @param {{ assetsDir: string, archiveDir: string, buildId: string, keep?: number, now?: Date }} options
 * @returns {{ builds: string[], restored: number, pruned: number }}
 */
export function archiveAssets({ assetsDir, archiveDir, buildId, keep = DEFAULT_KEEP_BUILDS, now = new Date() }) {
  const manifest = readManifest(archiveDir);
  const files = join(archiveDir, 'files');
  mkdirSync(files, { recursive: true });
  const current = hashedFiles(assetsDir);
  for (const name of current) if (!existsSync(join(files, name))) copyWhole(join(assetsDir, name), join(files, name));
  manifest.builds.push({ id: buildId, builtAt: now.toISOString(), files: current });
  manifest.builds = manifest.builds.slice(-Math.max(1, keep));
  // The manifest first: a build cut short after it leaves unnamed files, deleted by the next one.
  writeManifest(archiveDir, manifest);

  const named = new Set(manifest.builds.flatMap((b) => b.files));
  let pruned = 0;
  for (const name of readdirSync(files)) {
    if (named.has(name)) continue;
    rmSync(join(files, name), { force: true });
    pruned++;
  }
  const present = new Set(current);
  let restored = 0;
  for (const name of named) {
    if (present.has(name) || !existsSync(join(files, name))) continue;
    copyWhole(join(files, name), join(assetsDir, name));
    restored++;
  }
  return { builds: manifest.builds.map((b) => b.id), restored, pruned };
}
