import { useEffect, useState } from 'react';
import IconBell from '~icons/lucide/bell';
import { BELL_MAX } from '../../domain/notifications';

/**
 * The bell in the header: a link to the notifications with the unread count, which comes with the
 * session's one request (public pages stay one cached HTML for everyone).
 */
export function NotificationBell({ to, label, labelUnread }: { to: string; label: string; labelUnread: string }) {
  const [unread, setUnread] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // The session module is its own chunk (content pages have a JS budget), as in the providers.
    void import('../../client/session-sync')
      .then((m) => m.fetchUnread())
      .then((n) => {
        if (!live) return;
        setUnread(n);
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const shown = unread && unread > BELL_MAX ? `${BELL_MAX}+` : String(unread ?? '');
  return (
    <a
      href={to}
      className="bell"
      data-testid="notification-bell"
      data-ready={ready ? 'true' : undefined}
      aria-label={unread ? labelUnread.replace('{{n}}', shown) : label}
    >
      <IconBell aria-hidden />
      {unread ? (
        <span className="bell-count" aria-hidden="true" data-testid="notification-count">
          {shown}
        </span>
      ) : null}
    </a>
  );
}
