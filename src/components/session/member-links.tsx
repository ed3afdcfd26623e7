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
