// Decision 023: with analytics and monitoring configured, what a content page loads before the visitor
// consents (its scripts, gzip -9, plus every inline script that is code), measured on a server of its own. Its endpoints
// are local and unreachable: nothing is sent anywhere (and nothing loads before consent anyway).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The scripts a page loads by itself: <script src>, module preloads, and the preloads its bootstrap adds
 * after the first paint (`/*after-paint*\/[...]`, src/server/http/after-paint.ts). */
export function pageScripts(html) {
  const direct = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]);
  const afterPaint = [...html.matchAll(/\/\*after-paint\*\/(\[[^\]]*\])/g)].flatMap((m) => JSON.parse(m[1]));
  return [...new Set([...direct, ...afterPaint])];
}

/**
 * The inline scripts of a page that are code, gzip -9 together: the colour mode and consent scripts (run
 * before paint) and Waku's bootstrap (it loads the page's modules). Not the RSC data pushed into
 * `__FLIGHT_DATA`, nor JSON. Matched by what they are, whatever their attributes (nonce or none).
 */
export function inlineCodeGzip(html) {
  const code = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((js) => js.trim() && !js.startsWith('(self.__FLIGHT_DATA'));
  return gzipSync(Buffer.from(code.join('')), { level: 9 }).length;
}

/** An SDK chunk: no content page may reference one. */
export const SDK_CHUNK = /\/assets\/(rudderstack|datadog|browser-logs|start)-[^"]*\.js/;

export async function configuredContentJs({ root, port, path, waitUp }) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: '1',
      ANALYTICS_WRITE_KEY: 'wk-bench',
      ANALYTICS_DATA_PLANE_URL: 'http://127.0.0.1:9',
      ANALYTICS_CONFIG_URL: 'http://127.0.0.1:9',
      DATADOG_CLIENT_TOKEN: 'pub-bench',
      DATADOG_APPLICATION_ID: 'app-bench',
      DATADOG_PROXY: 'http://127.0.0.1:9/dd',
      LOG_FORWARDING: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitUp(`${base}/readyz`);
    const html = await (await fetch(`${base}${path}`)).text();
    const scripts = pageScripts(html);
    let jsGzip = 0;
    for (const src of scripts) jsGzip += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length;
    return { scripts, jsGzip, inlineGzip: inlineCodeGzip(html) };
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
}
