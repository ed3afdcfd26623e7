import type { SessionUser } from '../../state/session';

const initials = (name: string, last: string) => `${name.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '·';

/** The signed-in user's picture (or initials) and first name, as shown in the header. */
export function SessionChip({ user, testId }: { user: SessionUser; testId?: string }) {
  return (
    <span className="session-button" data-testid={testId}>
      {user.profile_picture_path ? (
        <img className="avatar" src={user.profile_picture_path} alt="" width={28} height={28} />
      ) : (
        // Initials are drawn by CSS so they stay out of the button's accessible name ("Menu of Ana").
        <span className="avatar avatar-initials" aria-hidden="true" data-initials={initials(user.name, user.last_name)} />
      )}
      <span className="session-name">{user.name}</span>
    </span>
  );
}
