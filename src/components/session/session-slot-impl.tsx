import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { MemberLinks } from './member-links';
import { menuOf, type SlotLabels, type SlotLinks } from './session-menu-model';
import SessionMenuImpl from './session-menu-impl';
import { NotificationBell } from './notification-bell';

/** The signed-in visitor's account menu (bar) or links (phone menu), from the session atom. */
export default function SessionSlotImpl({ part, labels, links }: { part: 'bar' | 'menu'; labels: SlotLabels; links: SlotLinks }) {
  const session = useAtomValue(sessionAtom);
  if (!session.loggedIn || !session.user) return null;
  const menu = menuOf(session, labels, links);
  if (part === 'menu') return <MemberLinks user={session.user} menu={menu} />;
  return (
    <>
      <NotificationBell to={menu.links.notifications} label={menu.labels.notifications} labelUnread={menu.labels.notificationsUnread} />
      <SessionMenuImpl {...menu} />
    </>
  );
}
