// Production build: Waku's build, then precompressed copies (.br, .gz) of the static files so the server
// never compresses them per request, the hashed assets of the previous builds put back (decision 062), and a
// stamp that lets `npm start` know the build is current.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as bundle } from 'esbuild';
import { adoptAssets, archiveAssets, keepBuildsFromEnv } from './asset-archive.mjs';

const root = new URL('..', import.meta.url).pathname;
// Read before the build, so a bad value stops at once.
const keep = keepBuildsFromEnv();
// Chosen here rather than in waku.config.ts so the archive can record which build named which file.
const buildId = process.env.TANDEM_BUILD_ID || randomBytes(6).toString('base64url');
// Outside dist/, which Waku empties: every build of this folder (or of the folders that share
// ASSET_ARCHIVE_DIR) adds to it.
const archiveDir = process.env.ASSET_ARCHIVE_DIR ? resolve(root, process.env.ASSET_ARCHIVE_DIR) : join(root, '.build-cache/assets');
const assetsDir = join(root, 'dist/public/assets');
// The build about to be replaced, when the archive does not know it yet (built before the archive existed);
// only a finished one (stamped last), not what a failed build left.
const adopted = existsSync(join(root, 'dist/.build-stamp')) ? adoptAssets({ assetsDir, archiveDir }) : 0;
if (adopted) console.log(`archived ${adopted} asset files of the build in dist/`);

execFileSync(process.execPath, [join(root, 'node_modules/waku/dist/cli.js'), 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TANDEM_BUILD_ID: buildId },
});

// Jobs that run as processes of their own, beside the server (the salary aggregates' full rebuild): bundled
// from the sources, packages left to node_modules, run with the react-server condition like the server.
await bundle({
  entryPoints: { 'salary-rebuild': join(root, 'src/server/salaries/rebuild-job.ts') },
  outdir: join(root, 'dist/jobs'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  conditions: ['react-server'],
  logLevel: 'warning',
});

const pub = join(root, 'dist/public');
const COMPRESSIBLE = /\.(html|js|mjs|css|txt|xml|json|svg|webmanifest)$/;
let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p);
    else if (COMPRESSIBLE.test(name) && st.size >= 1024) {
      const buf = readFileSync(p);
      writeFileSync(`${p}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
      files++;
    }
  }
}
walk(pub);
console.log(`precompressed ${files} static files`);
// After the precompression: the earlier builds' files come back with their own .br and .gz.
const kept = archiveAssets({ assetsDir, archiveDir, buildId, keep });
console.log(
  `build ${buildId}: kept the assets of builds ${kept.builds.join(', ')} (${kept.restored} files restored, ${kept.pruned} pruned)`,
);
writeFileSync(join(root, 'dist/.build-stamp'), new Date().toISOString() + '\n');
