// Where the browser tests' server keeps its database (fresh on every run); the tests read its email outbox.
export const E2E_DB = 'data/e2e.db';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8311);
