import 'server-only';
import { Link } from 'waku';
import type { Side } from '../../domain/messaging';
import { parseId } from '../../domain/ids';
import { formatDate } from '../../i18n/format';
import { href } from '../../routes';
import type { MessagingService } from '../../server/messages/messaging-service';
import type { Page } from '../../server/render/page-types';

// A side's conversations, newest activity first, a page at a time (keyset: ?antes={last message id}).
type Deps = { messages: () => Promise<MessagingService> };

export function inboxPage({ messages }: Deps, side: Side): Page {
  const self = side === 'company' ? 'hireInbox' : 'matchInbox';
  const one = side === 'company' ? 'hireConversation' : 'matchConversation';
  return async (p) => {
    const { t, locale } = p;
    const before = parseId(new URLSearchParams(p.query).get('antes') ?? '');
    const { items, nextBefore } = await (await messages()).inbox(p.viewer, before);
    return (
      <div className="container page inbox-page">
        <nav className="conversation-nav" aria-label={t(`routes.${self}.title`)}>
          <Link to={side === 'company' ? href('hireSite', locale) : href('matchPlatform', locale)}>
            {t(side === 'company' ? 'messages.conversation.backHire' : 'messages.conversation.backMatch')}
          </Link>
        </nav>
        <h1>{t(`routes.${self}.heading`)}</h1>
        <p className="muted">{t(`routes.${self}.intro`)}</p>
        {items.length === 0 ? (
          <p className="notice">{t('messages.inbox.empty')}</p>
        ) : (
          <ul className="inbox-list">
            {items.map((c) => (
              <li key={c.id} className="card inbox-item" data-testid="inbox-item">
                <Link to={href(one, locale, { id: String(c.id) })} className="inbox-link">
                  <span className="inbox-with">{c.with}</span>
                  {c.unread > 0 && <span className="badge badge-unread">{t('messages.inbox.unread', { n: c.unread })}</span>}
                  {c.blocked && <span className="badge">{t('messages.inbox.blocked')}</span>}
                </Link>
                {c.offerTitle && <p className="muted">{c.offerTitle}</p>}
                <p className="inbox-preview">
                  {c.lastMine && <strong>{t('messages.inbox.you')} </strong>}
                  {c.preview}
                </p>
                {c.lastAt && <p className="muted">{formatDate(c.lastAt, locale)}</p>}
              </li>
            ))}
          </ul>
        )}
        <p className="inbox-pager">
          {before !== null && <Link to={href(self, locale)}>{t('messages.inbox.first')}</Link>}
          {nextBefore !== null && <Link to={`${href(self, locale)}?antes=${nextBefore}`}>{t('messages.inbox.more')}</Link>}
        </p>
      </div>
    );
  };
}
