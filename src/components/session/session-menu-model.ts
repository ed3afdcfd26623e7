import type { Session } from '../../state/session';
import type { Labels, Links } from './session-menu-impl';

// The account menu's labels and links for a session, from templates the server renders once for everyone
// (decision 002): labels for both account types with a {{name}} placeholder, the profile link with a slug
// placeholder. Pure: the server uses it when it knows the session, the lazy island when it learns it.
export const PROFILE_SLUG_PLACEHOLDER = 'profile-slug-placeholder';
export type SlotLabels = {
  menu: string;
  workspaceHire: string;
  workspaceMatch: string;
  profile: string;
  signOut: string;
  /** The bell's name, and its name with a {{n}} of unread ones. */
  notifications: string;
  notificationsUnread: string;
};
export type SlotLinks = { hireSite: string; matchPlatform: string; profile: string; logout: string; notifications: string };
export type SessionMenu = { labels: Labels; links: Links };

export function menuOf(session: Session, labels: SlotLabels, links: SlotLinks): SessionMenu {
  const hire = session.type === 'hire';
  const slug = session.user?.profile_slug;
  return {
    labels: {
      menu: labels.menu.replace('{{name}}', session.user?.name ?? ''),
      workspace: hire ? labels.workspaceHire : labels.workspaceMatch,
      profile: labels.profile,
      signOut: labels.signOut,
      notifications: labels.notifications,
      notificationsUnread: labels.notificationsUnread,
    },
    links: {
      workspace: hire ? links.hireSite : links.matchPlatform,
      profile: !hire && slug ? links.profile.replace(PROFILE_SLUG_PLACEHOLDER, encodeURIComponent(slug)) : null,
      logout: links.logout,
      notifications: links.notifications,
    },
  };
}
