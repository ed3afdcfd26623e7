'use client';
import { Provider } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import type { PublicConfig } from '../../lib/public-config';
import { publicConfigAtom } from '../../state/config';
import { sessionAtom, type Session } from '../../state/session';

// One Jotai store per request and per tab (a module-level store would leak between requests on the
// server: WAKU.md §5), seeded with the server's values.
function Hydrate({ config, session, children }: { config: PublicConfig; session: Session; children: ReactNode }) {
  useHydrateAtoms([
    [publicConfigAtom, config],
    [sessionAtom, session],
  ] as const);
  return children;
}

export function Providers({ config, session, children }: { config: PublicConfig; session: Session; children: ReactNode }) {
  return (
    <Provider>
      <Hydrate config={config} session={session}>
        {children}
      </Hydrate>
    </Provider>
  );
}
