'use client';
import { Provider } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { sessionAtom, type Session } from '../../state/session';

// One Jotai store per request and per tab (a module-level store would leak between requests on the
// server: WAKU.md §5), seeded with the server's values.
function Hydrate({ session, children }: { session: Session; children: ReactNode }) {
  useHydrateAtoms([[sessionAtom, session]] as const);
  return children;
}

export function Providers({ session, children }: { session: Session; children: ReactNode }) {
  return (
    <Provider>
      <Hydrate session={session}>{children}</Hydrate>
    </Provider>
  );
}
