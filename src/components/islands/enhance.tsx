'use client';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

// Progressive enhancement with code loaded on demand. The server renders working HTML (children): a form
// that posts, a link. In the browser this island loads the enhanced version as its own chunk, so pages
// without it never pay for it (content pages have a 95 kB budget), then swaps it in. A chunk may export
// `capture(props)`, which reads the server-rendered HTML just before the swap (what was typed, the focus).
const chunks = {
  'account-form': () => import('../forms/account-form-impl'),
  'session-menu': () => import('../session/session-menu-impl'),
  'calculator-form': () => import('../calculator/calculator-form-impl'),
  'update-banner': () => import('./build-update-banner-impl'),
};
export type EnhanceKind = keyof typeof chunks;

export function Enhance({ kind, props, children }: { kind: EnhanceKind; props: object; children: ReactNode }) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const [loaded, setLoaded] = useState<{ C: ComponentType<any>; extra?: object } | null>(null);
  useEffect(() => {
    let live = true;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    void chunks[kind]().then((m: any) => live && setLoaded({ C: m.default, extra: m.capture?.(props) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded ? <loaded.C {...props} {...loaded.extra} /> : children;
}
