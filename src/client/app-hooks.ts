// App-wide hooks other features connect to (the analytics issue connects page views and logout; the API
// clients announce errors). Client-side module state: one tab, one registry.
type PageView = { path: string; previousUrl: string | null; locale: string; title: string };
type Listener<A> = (arg: A) => void;

function hook<A>() {
  const listeners = new Set<Listener<A>>();
  return {
    on(fn: Listener<A>) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(arg: A) {
      for (const fn of listeners) {
        try {
          fn(arg);
        } catch (err) {
          console.error('[hooks] listener failed', err);
        }
      }
    },
  };
}

export const pageViewHook = hook<PageView>();
export const logoutHook = hook<void>();
/** Forget who the visitor is (analytics identity reset), on sign-out. */
export const identityResetHook = hook<void>();
export const appErrorHook = hook<unknown>();
