'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'waku';
import { useRegisterRscEnhancer_UNSTABLE as useRegisterRscEnhancer } from 'waku/minimal/client';
import { savingData, whenIdleAfterLoad } from '../../client/idle-work';
import { createPreloadQueue, preloadTarget } from '../../client/route-preload';

// Route payload preloading (decision 068), loaded after hydration with the new-build check through
// <Enhance kind="after-load"> (root.tsx; content pages have a JS budget). About 1 s after load, when the browser is idle, the RSC payloads
// of the links in view are fetched through the router's prefetch, so a click on one commits without a
// request; hovering or focusing a link fetches it first. Nothing when the visitor saves data or the network is
// 2G. The router's prefetch returns nothing: a request enhancer notes the fetch it starts, so the queue knows
// when its body has arrived and never has more than 4 in flight.
const ANCHOR = 'a[href]';
/** The longest a task spends asking which links in view are pages to preload. */
const SLICE_MS = 4;

type PrefetchTo = Parameters<ReturnType<typeof useRouter>['prefetch']>[0];

export default function RoutePreload() {
  const router = useRouter();
  const register = useRegisterRscEnhancer();
  const prefetch = useRef(router.prefetch);
  useEffect(() => {
    prefetch.current = router.prefetch;
  });

  useEffect(() => {
    if (savingData()) return;
    // Set only while the router's prefetch runs (it starts its fetch synchronously).
    let capture: ((done: Promise<unknown>) => void) | null = null;
    const unregister = register((request) => (path, params, opts) => {
      const note = capture;
      capture = null;
      if (!note || opts.type !== 'rsc') return request(path, params, opts);
      const send = opts.fetch;
      return request(path, params, {
        ...opts,
        fetch: (input, init) => {
          const res = send(input, init);
          // Done when the whole body has arrived (a copy read to its end), not when the first rows decode.
          note(res.then((r) => r.clone().arrayBuffer()));
          return res;
        },
      });
    });
    const queue = createPreloadQueue((to) => {
      let done: Promise<unknown> = Promise.resolve();
      capture = (p) => {
        done = p;
      };
      try {
        // Our own page path (from the route table), not a typed route literal.
        prefetch.current(to as unknown as PrefetchTo);
      } finally {
        capture = null;
      }
      return done.then(
        () => {},
        () => {},
      );
    });
    const targetOf = (a: HTMLAnchorElement) =>
      preloadTarget({ href: a.getAttribute('href') ?? '', target: a.target, download: a.hasAttribute('download') }, location);

    const onIntent = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.(ANCHOR) as HTMLAnchorElement | null;
      const to = a && targetOf(a);
      if (to) queue.add(to, true);
    };
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);

    // One observer for every link; a link is fetched once, when it first comes into view. Whether it is a
    // page to preload is asked only then, a few links per task (SLICE_MS): matching every link of a long page,
    // or of a first screen full of links, against the route table at once would be one long task on a slow phone.
    const seen = new WeakSet<Element>();
    const inView: HTMLAnchorElement[] = [];
    let sliceTimer: ReturnType<typeof setTimeout> | undefined;
    const askSome = () => {
      sliceTimer = undefined;
      const until = performance.now() + SLICE_MS;
      while (inView.length && performance.now() < until) {
        const to = targetOf(inView.shift()!);
        if (to) queue.add(to);
      }
      if (inView.length) sliceTimer = setTimeout(askSome, 0);
    };
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        inView.push(e.target as HTMLAnchorElement);
      }
      if (inView.length && sliceTimer === undefined) sliceTimer = setTimeout(askSome, 0);
    });
    const observe = (root: ParentNode) => {
      const found = root instanceof Element && root.matches(ANCHOR) ? [root] : [];
      for (const a of [...found, ...root.querySelectorAll(ANCHOR)]) {
        if (seen.has(a)) continue;
        seen.add(a);
        io.observe(a);
      }
    };
    // Links that arrive later (a client navigation, an island) are observed too.
    const mo = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) observe(n);
    });

    const cancelBegin = whenIdleAfterLoad(() => {
      observe(document);
      mo.observe(document.body, { childList: true, subtree: true });
    });
    return () => {
      cancelBegin();
      clearTimeout(sliceTimer);
      io.disconnect();
      mo.disconnect();
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      unregister();
    };
  }, [register]);

  return null;
}
