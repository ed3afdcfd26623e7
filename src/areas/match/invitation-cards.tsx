import 'server-only';
import { Link } from 'waku';
import { MessageText } from '../../components/messages/message-text';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { MessagingService } from '../../server/messages/messaging-service';

// Invitations from companies waiting on the candidate's workspace (decision 043): accept opens the
// conversation, decline closes it; plain posts to the workspace.
type Invitation = Awaited<ReturnType<MessagingService['invitations']>>[number];

export function InvitationCards({ invitations, action, locale, t }: { invitations: Invitation[]; action: string; locale: Locale; t: T }) {
  if (invitations.length === 0) return null;
  return (
    <section className="section" id="invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('messages.invitations.heading')}</h2>
      <p className="muted">{t('messages.invitations.intro')}</p>
      <ul className="applicant-list">
        {invitations.map((i) => (
          <li key={i.id} className="card invitation" data-testid="invitation">
            <h3 className="h3">{t('messages.invitations.from', { company: i.company.name })}</h3>
            {i.offer && (
              <p className="muted">
                {t('messages.invitations.forOffer')} <Link to={href('offer', locale, { slug: i.offer.slug })}>{i.offer.title}</Link>
              </p>
            )}
            <p className="message-body">
              <MessageText text={i.body} />
            </p>
            <div className="invitation-actions">
              <form method="post" action={action}>
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="invitation" value={i.id} />
                <button type="submit" className="btn btn-primary btn-md" data-testid="accept-invitation">
                  {t('messages.invitations.accept')}
                </button>
              </form>
              <form method="post" action={action}>
                <input type="hidden" name="intent" value="decline" />
                <input type="hidden" name="invitation" value={i.id} />
                <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="decline-invitation">
                  {t('messages.invitations.decline')}
                </button>
              </form>
            </div>
            <p className="field-hint">{t('messages.invitations.declineHint')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
