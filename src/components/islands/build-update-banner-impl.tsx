'use client';
import { useEffect, useState } from 'react';

// Loaded on demand through <Enhance kind="after-load"> (root.tsx, after-load-impl.tsx), so no page pays for it up front.
// Detects a new build as Nuxt did for the original app (docs/product-rules.md): checks /builds/latest.json about 1 s after load and then
// every hour (Nuxt's default interval); when the id differs it offers a reload and turns the next
// navigation into a full page load. Reloads are guarded: the same path is not reloaded again within 10 s.
const FIRST_CHECK_MS = 1000;
const INTERVAL_MS = 60 * 60 * 1000;
const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = 'tandem:reload';

function reloadTo(path: string) {
  try {
    const raw = sessionStorage.getItem(GUARD_KEY);
    const guard = raw ? (JSON.parse(raw) as { path: string; expires: number }) : null;
    if (guard && guard.path === path && guard.expires > Date.now()) return false;
    sessionStorage.setItem(GUARD_KEY, JSON.stringify({ path, expires: Date.now() + RELOAD_GUARD_MS }));
  } catch {
    /* no sessionStorage: reload anyway */
  }
  if (path === location.pathname + location.search) location.reload();
  else location.href = path;
  return true;
}

export default function BuildUpdateBanner({ buildId, labels }: { buildId: string; labels: { available: string; reload: string } }) {
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const check = async () => {
      try {
        const res = await fetch(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
        if (res.ok) {
          const meta = (await res.json()) as { id?: string };
          if (meta.id && meta.id !== buildId) {
            setOutdated(true);
            return; // stop polling once an update is known
          }
        }
      } catch {
        /* offline: try again later */
      }
      if (!stopped) timer = setTimeout(() => void check(), INTERVAL_MS);
    };
    timer = setTimeout(() => void check(), FIRST_CHECK_MS);
    // A chunk that fails to load (vite:preloadError): Waku's inline script reloads once per build
    // id; after that, this reloads the page being opened, at most once per path every 10 s.
    const onChunkError = (e: Event) => {
      if (e.defaultPrevented) return;
      if (reloadTo(location.pathname + location.search)) e.preventDefault();
    };
    window.addEventListener('vite:preloadError', onChunkError);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('vite:preloadError', onChunkError);
    };
  }, [buildId]);

  // Once outdated, the next in-app navigation becomes a full load of its target.
  useEffect(() => {
    if (!outdated) return;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      reloadTo(url.pathname + url.search);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [outdated]);

  if (!outdated) return null;
  return (
    <div className="update-banner" role="status">
      <span>{labels.available}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => reloadTo(location.pathname + location.search)}>
        {labels.reload}
      </button>
    </div>
  );
}
