import type { SessionUser } from '../../state/session';

const initials = (name: string, last: string) => `${name.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '·';

/** The signed-in user's picture (or initials) and first name, as shown in the header. */
export function SessionChip({ user }: { user: SessionUser }) {
  return (
    <span className="session-button" data-testid="session-menu">
      {user.profile_picture_path ? (
        <img className="avatar" src={user.profile_picture_path} alt="" width={28} height={28} />
      ) : (
        <span className="avatar avatar-initials" aria-hidden="true">
          {initials(user.name, user.last_name)}
        </span>
      )}
      <span className="session-name">{user.name}</span>
    </span>
  );
}
