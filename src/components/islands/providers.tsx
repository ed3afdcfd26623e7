'use client';
import { Provider, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect, type ReactNode } from 'react';
import { sessionAtom, type Session } from '../../state/session';

// One Jotai store per request and per tab (a module-level store would leak between requests on the
// server: docs/waku-notes.md), seeded with the server's values.
function Hydrate({ session, children }: { session: Session; children: ReactNode }) {
  useHydrateAtoms([[sessionAtom, session]] as const);
  return children;
}

/** On a page rendered once for everyone (decision 002) the session is asked for after load, when the head
 * script's hint says someone is signed in (the asking code is its own chunk: content pages have a JS budget). */
function SessionSync() {
  const setSession = useSetAtom(sessionAtom);
  useEffect(() => {
    if (!document.documentElement.hasAttribute('data-session')) return;
    void import('../../client/session-sync').then((m) => m.fetchSession()).then((s) => s && setSession(s));
  }, [setSession]);
  return null;
}

export function Providers({ session, known, children }: { session: Session; known: boolean; children: ReactNode }) {
  return (
    <Provider>
      <Hydrate session={session}>
        {!known && <SessionSync />}
        {children}
      </Hydrate>
    </Provider>
  );
}
