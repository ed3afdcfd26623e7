import 'server-only';
import type { MiddlewareHandler } from 'hono';

/** One log line per call (method, path, status, ms): never the query, bodies, passwords or tokens. */
export function requestLog(tag: string): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    if (process.env.NODE_ENV !== 'test') {
      console.log(`[${tag}] ${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - start).toFixed(1)}ms`);
    }
  };
}
