// Runs a TypeScript module of src/server from the command line (db:migrate, db:seed, imports): Vite
// loads it with the same resolution the app uses, then the exported function (main by default,
// or the one named by --run NAME) runs with the remaining arguments.
import { createServer } from 'vite';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const runIdx = argv.indexOf('--run');
const fnName = runIdx >= 0 ? argv.splice(runIdx, 2)[1] : 'main';
const [file, ...args] = argv;
if (!file) {
  console.error('usage: node scripts/run-server-module.mjs <module.ts> [args...]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { alias: { 'server-only': `${root}src/testing/server-only-stub.ts` } },
  ssr: { external: ['@node-rs/argon2', 'pg', 'kysely', 'zod'] },
});
let code = 0;
try {
  const mod = await vite.ssrLoadModule(file);
  if (typeof mod[fnName] !== 'function') throw new Error(`${file} exports no function ${fnName}`);
  code = (await mod[fnName](args)) ?? 0;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await vite.close();
}
process.exit(code);
