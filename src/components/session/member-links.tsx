import type { SessionUser } from '../../state/session';
import { SessionChip } from './session-chip';
import type { SessionMenu } from './session-menu-model';

/** The phone menu's account part: who is signed in (the bar shows only the avatar on phones) and their links. */
export function MemberLinks({ user, menu }: { user: SessionUser; menu: SessionMenu }) {
  return (
    <>
      <p className="menu-user" data-testid="menu-user">
        <SessionChip user={user} />
      </p>
      <a href={menu.links.workspace} className="nav-link">
        {menu.labels.workspace}
      </a>
      <a href={menu.links.notifications} className="nav-link">
        {menu.labels.notifications}
      </a>
      {menu.links.profile && (
        <a href={menu.links.profile} className="nav-link">
          {menu.labels.profile}
        </a>
      )}
      {/* A form: signing out is a POST, and this menu works without JavaScript. */}
      <form method="post" action={menu.links.logout} className="nav-form">
        <button type="submit" className="nav-link">
          {menu.labels.signOut}
        </button>
      </form>
    </>
  );
}
