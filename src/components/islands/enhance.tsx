'use client';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

// Progressive enhancement with code loaded on demand. The server renders working HTML (children): a form
// that posts, a link. In the browser the island loads the enhanced version as its own chunk, so pages
// without it never pay for it (content pages have a 95 kB budget), then swaps it in. A chunk may export
// `capture(props)`, which reads the server-rendered HTML just before the swap (what was typed, the focus).
export type EnhancedChunk<P> = { default: ComponentType<P>; capture?: (props: P) => object };

/** The enhanced component once its chunk has loaded, else the server-rendered children. Areas wrap it in an island of their own. */
export function Enhanced<P extends object>({
  load,
  props,
  children,
  when,
}: {
  load: () => Promise<EnhancedChunk<P>>;
  props: P;
  children: ReactNode;
  /** Load only when this holds in the browser (e.g. someone is signed in). */
  when?: () => boolean;
}) {
  const [loaded, setLoaded] = useState<{ C: ComponentType<P & { children?: ReactNode }>; extra?: object } | null>(null);
  useEffect(() => {
    if (when && !when()) return;
    let live = true;
    // With the chunk comes the press rule (its own small chunk: the one every page loads has no room).
    Promise.all([load(), import('./after-press')])
      .then(([m, { afterPress }]) => {
        // Read and swapped in one task, as soon as the chunk is there (or its press is over). The swap
        // replaces the server-rendered nodes: a key typed between a capture and a later render would be
        // lost, and a swap left to a transition landed later, under a click or after the first paint (a
        // layout shift).
        afterPress(() => live && flushSync(() => setLoaded({ C: m.default, extra: m.capture?.(props) })));
      })
      // The page keeps working without it (its server-rendered HTML stays). A short message: every byte here
      // is in the content pages' JS budget.
      .catch((err: unknown) => console.warn('[enhance] not loaded', err));
    return () => {
      live = false;
    };
    // Loaded once, with the props of the first render: the server-rendered HTML is what gets replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The server-rendered children go along: an enhanced part may keep showing them.
  return loaded ? (
    <loaded.C {...props} {...loaded.extra}>
      {children}
    </loaded.C>
  ) : (
    children
  );
}

// The layout's own enhanced parts, and shared ones, chosen by name so that server components can ask for
// them: one entry here costs the content pages' budget less than an island module of its own.
const shared = {
  'after-load': () => import('./after-load-impl'),
  'flag-variant': () => import('./flag-variant-impl'),
  'copy-link': () => import('./copy-link-impl'),
  'skill-picker': () => import('./skill-picker-impl'),
  'tab-keys': () => import('./tab-keys-impl'),
  'menu-keys': () => import('./menu-keys-impl'),
  'file-name': () => import('./file-name-impl'),
  'combo-select': () => import('./combo-select-impl'),
  'soft-links': () => import('./soft-links-impl'),
  'conversation-thread': () => import('../messages/conversation-thread-impl'),
  'color-mode-switch': () => import('./color-mode-switch-impl'),
} as const;
export type EnhanceKind = keyof typeof shared;

export function Enhance({ kind, props, children }: { kind: EnhanceKind; props: object; children: ReactNode }) {
  return (
    <Enhanced load={shared[kind] as () => Promise<EnhancedChunk<object>>} props={props}>
      {children}
    </Enhanced>
  );
}
