'use client';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'waku';
import { LOADING, estimatedProgress } from '../../client/loading-progress';
import { navigationAtom } from '../../state/navigation';
import { LoadingBarView } from './loading-bar-view';

// A 1px bar at the top (docs/product-rules.md): shown only when a navigation takes over 200 ms, eases towards 100 %,
// completes when the new page is committed, hides 500 ms later and resets 400 ms after that; red on error.
export function LoadingBar() {
  const [nav, setNav] = useAtom(navigationAtom);
  const { path, query } = useRouter();
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const raf = useRef<number | undefined>(undefined);
  const committed = useRef(`${path}?${query}`);

  // Start on in-app link clicks (the router's Link prevents the default) and on back/forward.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self')) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search) return;
      setNav((n) => ({ phase: 'loading', seq: n.seq + 1 }));
    };
    const onPop = () => setNav((n) => ({ phase: 'loading', seq: n.seq + 1 }));
    window.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [setNav]);

  // The new route is committed: the navigation is done.
  useEffect(() => {
    const key = `${path}?${query}`;
    if (key === committed.current) return;
    committed.current = key;
    setNav((n) => (n.phase === 'loading' ? { phase: 'done', seq: n.seq } : n));
  }, [path, query, setNav]);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach(clearTimeout);
      timers.current = [];
      if (raf.current !== undefined) cancelAnimationFrame(raf.current);
      raf.current = undefined;
    };
    if (nav.phase === 'loading') {
      clear();
      setProgress(0);
      timers.current.push(
        setTimeout(() => {
          setVisible(true);
          let start: number | undefined;
          const step = (ts: number) => {
            start ??= ts;
            setProgress(estimatedProgress(LOADING.durationMs, ts - start));
            raf.current = requestAnimationFrame(step);
          };
          raf.current = requestAnimationFrame(step);
        }, LOADING.throttleMs),
      );
      // A navigation that never commits (offline, a stuck request) must not leave the bar forever.
      timers.current.push(setTimeout(() => setNav((n) => (n.phase === 'loading' ? { phase: 'error', seq: n.seq } : n)), 30_000));
    } else if (nav.phase === 'done' || nav.phase === 'error') {
      clear();
      setProgress(100);
      timers.current.push(
        setTimeout(() => {
          setVisible(false);
          timers.current.push(
            setTimeout(() => {
              setProgress(0);
              setNav((n) => (n.phase === 'done' || n.phase === 'error' ? { phase: 'idle', seq: n.seq } : n));
            }, LOADING.resetDelayMs),
          );
        }, LOADING.hideDelayMs),
      );
    }
    return clear;
  }, [nav.phase, nav.seq, setNav]);

  return <LoadingBarView phase={nav.phase} visible={visible} progress={progress} ready />;
}
