import { availableParallelism } from 'node:os';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pages (imported through the route registry) use icons as components, as in the app build.
  plugins: [Icons({ compiler: 'jsx', jsx: 'react' })],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'eslint/**/*.test.ts'],
    environment: 'node',
    // At least two files at once, also on a two-core machine (Vitest's default there is one): most of the
    // suite's time is spent waiting on PostgreSQL, child processes and timers, not on the CPU (measured: the
    // whole suite in 7 min instead of 17). Every database test has a schema or file of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Bounds for a hang, not speed targets: the database suites rebuild aggregates over 20,000 reports,
    // which took more than Vitest's default 5 s on a 2-core machine running a second test suite beside.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 'server-only' throws outside a react-server bundle; units import server modules directly.
    // Waku's server router needs React's server build: units that import pages get a stand-in.
    alias: {
      'server-only': new URL('./src/testing/server-only-stub.ts', import.meta.url).pathname,
      'waku/router/server': new URL('./src/testing/waku-router-stub.ts', import.meta.url).pathname,
    },
  },
});
