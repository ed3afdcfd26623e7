import 'server-only';

/** A service built on first use, once per process; `built()` is its promise if it was asked for (to stop it). */
export type LazyService<T> = (() => Promise<T>) & { built(): Promise<T> | undefined };

/**
 * One instance per process, built on first use. A build that failed (the database out of reach, or being
 * set up by another process at that moment) is forgotten: the next call builds it again, instead of every
 * request failing with that one error for the life of the process.
 */
export function lazyService<T>(build: () => Promise<T>): LazyService<T> {
  let made: Promise<T> | undefined;
  const get = () =>
    (made ??= build().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
  return Object.assign(get, { built: () => made });
}
