import type { ReactNode } from 'react';

// Waku's Link as a plain anchor, for page tests that render outside the router:
// `vi.mock('waku', () => import('../../testing/waku-link'))`.
export const Link = ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
  <a href={to} className={className}>
    {children}
  </a>
);
