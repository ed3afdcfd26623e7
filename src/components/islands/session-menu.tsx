'use client';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Labels, Links } from '../session/session-menu-impl';

type Props = { labels: Labels; links: Links };

/**
 * The header's user menu. The server renders a link to the workspace with the user's picture and name
 * (children), which works without JavaScript; the menu's code is its own chunk, loaded only when someone
 * is signed in, and then takes over.
 */
export function SessionMenu({ children, ...props }: Props & { children: ReactNode }) {
  const [Impl, setImpl] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    void import('../session/session-menu-impl').then((m) => live && setImpl(() => m.default));
    return () => {
      live = false;
    };
  }, []);
  return Impl ? <Impl {...props} /> : children;
}
