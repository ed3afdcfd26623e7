import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    // 'server-only' throws outside a react-server bundle; units import server modules directly.
    alias: { 'server-only': new URL('./src/testing/server-only-stub.ts', import.meta.url).pathname },
  },
});
