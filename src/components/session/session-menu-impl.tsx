import { useAtom } from 'jotai';
import IconLogOut from '~icons/lucide/log-out';
import IconUser from '~icons/lucide/user';
import IconLayoutDashboard from '~icons/lucide/layout-dashboard';
import { identityResetHook, logoutHook } from '../../client/app-hooks';
import { anonymousSession, sessionAtom } from '../../state/session';
import { DropdownMenu } from '../islands/dropdown-menu';
import { SessionChip } from './session-chip';

export type Labels = {
  menu: string;
  workspace: string;
  profile: string;
  signOut: string;
  notifications: string;
  notificationsUnread: string;
};
export type Links = { workspace: string; profile: string | null; logout: string; notifications: string };

/** The signed-in user's name and picture with a menu: workspace, profile, sign out. */
export default function SessionMenuImpl({ labels, links }: { labels: Labels; links: Links }) {
  const [session, setSession] = useAtom(sessionAtom);
  const user = session.user;
  if (!session.loggedIn || !user) return null;

  const signOut = () => {
    setSession(anonymousSession);
    document.documentElement.removeAttribute('data-session');
    logoutHook.emit();
    identityResetHook.emit();
    // Signing out is a POST (a GET only asks): the server ends the session, clears the HttpOnly cookies and
    // sends the visitor home.
    const form = document.createElement('form');
    form.method = 'post';
    form.action = links.logout;
    document.body.append(form);
    form.submit();
  };

  const items = [
    { id: 'workspace', label: labels.workspace, href: links.workspace, icon: <IconLayoutDashboard aria-hidden /> },
    ...(links.profile ? [{ id: 'profile', label: labels.profile, href: links.profile, icon: <IconUser aria-hidden /> }] : []),
    { id: 'signout', label: labels.signOut, icon: <IconLogOut aria-hidden /> },
  ];
  return (
    <DropdownMenu
      label={labels.menu}
      items={items}
      onSelect={(id) => id === 'signout' && signOut()}
      button={<SessionChip user={user} testId="session-menu" />}
    />
  );
}
