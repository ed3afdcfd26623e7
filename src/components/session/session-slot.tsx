'use client';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Enhanced } from '../islands/enhance';
import { sessionAtom, type Session } from '../../state/session';
import { SessionChip } from './session-chip';
import type { Labels, Links } from './session-menu-impl';

// The header's account area. Public pages are one HTML for everyone (decision 002): the server renders what
// it knows (the sign-in link and a reserved space, or the signed-in chip on account pages) and this island
// shows the signed-in visitor's menu once the session is known. Labels come for both account types, with a
// {{name}} placeholder; links with a profile-slug placeholder.
export const PROFILE_SLUG_PLACEHOLDER = 'profile-slug-placeholder';
export type SlotLabels = { menu: string; workspaceHire: string; workspaceMatch: string; profile: string; signOut: string };
export type SlotLinks = { hireSite: string; matchPlatform: string; profile: string; logout: string };

function menuOf(session: Session, labels: SlotLabels, links: SlotLinks): { labels: Labels; links: Links } {
  const hire = session.type === 'hire';
  const slug = session.user?.profile_slug;
  return {
    labels: {
      menu: labels.menu.replace('{{name}}', session.user?.name ?? ''),
      workspace: hire ? labels.workspaceHire : labels.workspaceMatch,
      profile: labels.profile,
      signOut: labels.signOut,
    },
    links: {
      workspace: hire ? links.hireSite : links.matchPlatform,
      profile: !hire && slug ? links.profile.replace(PROFILE_SLUG_PLACEHOLDER, encodeURIComponent(slug)) : null,
      logout: links.logout,
    },
  };
}

/** In the bar: the account menu (its own chunk) for a signed-in visitor, else what the server rendered. */
export function SessionSlot({ labels, links, children }: { labels: SlotLabels; links: SlotLinks; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (!session.loggedIn || !session.user) return children;
  const menu = menuOf(session, labels, links);
  return (
    <Enhanced load={() => import('./session-menu-impl')} props={menu}>
      <a href={menu.links.workspace} className="btn btn-ghost btn-sm" aria-label={menu.labels.workspace}>
        <SessionChip user={session.user} testId="session-menu" />
      </a>
    </Enhanced>
  );
}

/** In the phone menu: who is signed in and their links, else what the server rendered (the sign-in link). */
export function SessionLinks({ labels, links, children }: { labels: SlotLabels; links: SlotLinks; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (!session.loggedIn || !session.user) return children;
  const menu = menuOf(session, labels, links);
  return (
    <>
      {/* Phones show only the avatar in the bar: the menu says who is signed in. */}
      <p className="menu-user" data-testid="menu-user">
        <SessionChip user={session.user} />
      </p>
      <a href={menu.links.workspace} className="nav-link">
        {menu.labels.workspace}
      </a>
      {menu.links.profile && (
        <a href={menu.links.profile} className="nav-link">
          {menu.labels.profile}
        </a>
      )}
      <a href={menu.links.logout} className="nav-link">
        {menu.labels.signOut}
      </a>
    </>
  );
}
