import { StrictMode, createElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_defaultRootOptions as defaultRootOptions } from 'waku/client';
import { Router } from 'waku/router/client';

// Waku's own browser entry, but for one thing: hydration runs inside a transition. A transition's render is
// time-sliced (React yields to the browser every few milliseconds), so hydrating a long page is many short tasks
// instead of one long one: a tap during hydration is answered at once, and no task blocks the main thread for
// hundreds of milliseconds on a slow phone.
const rootElement = createElement(StrictMode, null, createElement(Router));

if ((globalThis as { __WAKU_HYDRATE__?: boolean }).__WAKU_HYDRATE__) {
  startTransition(() => {
    hydrateRoot(document, rootElement, defaultRootOptions);
  });
} else {
  startTransition(() => {
    createRoot(document, defaultRootOptions).render(rootElement);
  });
}
