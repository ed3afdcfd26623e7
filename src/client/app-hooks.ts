// App-wide hooks other features connect to (the analytics issue connects page views and logout; the API
// clients announce errors). Client-side module state: one tab, one registry.
type PageView = { path: string; previousUrl: string | null; locale: string; title: string };
type Listener<A> = (arg: A) => void;

/** A hook that keeps its last `keep` events, replayed to each new listener (one that loads late misses nothing). */
function hook<A>(keep = 0) {
  const listeners = new Set<Listener<A>>();
  const recent: A[] = [];
  const call = (fn: Listener<A>, arg: A) => {
    try {
      fn(arg);
    } catch (err) {
      console.error('[hooks] listener failed', err);
    }
  };
  return {
    on(fn: Listener<A>) {
      listeners.add(fn);
      for (const arg of recent) call(fn, arg);
      return () => listeners.delete(fn);
    },
    emit(arg: A) {
      if (keep) {
        recent.push(arg);
        if (recent.length > keep) recent.shift();
      }
      for (const fn of listeners) call(fn, arg);
    },
  };
}

// Page views and sign-outs are kept for the analytics loader, which loads after the page is idle.
export const pageViewHook = hook<PageView>(20);
export const logoutHook = hook<void>(1);
/** Forget who the visitor is (analytics identity reset), on sign-out. */
export const identityResetHook = hook<void>();
export const appErrorHook = hook<unknown>();
