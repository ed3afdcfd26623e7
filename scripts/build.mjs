// Production build: Waku's build, then precompressed copies (.br, .gz) of the static files so the server
// never compresses them per request, and a stamp that lets `npm start` know the build is current.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as bundle } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'node_modules/waku/dist/cli.js'), 'build'], { cwd: root, stdio: 'inherit' });

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
writeFileSync(join(root, 'dist/.build-stamp'), new Date().toISOString() + '\n');
console.log(`precompressed ${files} static files`);
