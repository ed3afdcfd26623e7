// Page-cache hits answered at the node:http level (decision 002): the server entry's `nodeHit` decides, from the
// request's method, target and headers, whether the page cache answers it as it stands, and prepares the
// answer (src/server/http/render-page.ts, the same rules as the first Hono middleware). This layer only
// writes that answer, before any Web Request or Response is made, or hands the request to the normal handler.

/**
 * @typedef {{ status: number, headers: Record<string, string>, body: Uint8Array | null }} PreparedHit
 * @typedef {(req: import('node:http').IncomingMessage) => Promise<PreparedHit | null> | null} NodeHit
 */

/**
 * A 'request' listener that answers cache hits itself and passes every other request to `listener`.
 * @param {NodeHit} nodeHit
 * @param {import('node:http').RequestListener} listener
 * @returns {import('node:http').RequestListener}
 */
export function withCacheHits(nodeHit, listener) {
  return (req, res) => {
    let pending;
    try {
      pending = nodeHit(req);
    } catch (err) {
      console.error('[cache] hit check failed', err);
    }
    if (!pending) return listener(req, res);
    pending.then(
      (hit) => {
        if (!hit) return listener(req, res);
        res.writeHead(hit.status, hit.headers);
        res.end(hit.body ?? undefined);
      },
      (err) => {
        console.error('[cache] hit check failed', err);
        listener(req, res);
      },
    );
  };
}
