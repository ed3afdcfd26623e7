import 'server-only';
import { Link } from 'waku';
import { MESSAGE_MAX_CHARS } from '../../domain/messaging';
import type { FormState } from '../../domain/forms/types';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { MessagingService } from '../../server/messages/messaging-service';
import { Textarea } from '../../components/forms/textarea';

// A company's invitation on a public profile (decision 043): the form, or why it cannot invite now (an
// invitation waiting, a conversation already open, a decline: from when it may again).
type State = NonNullable<Awaited<ReturnType<MessagingService['inviteState']>>>;

export function InviteBox({
  state,
  name,
  action,
  sent,
  form,
  locale,
  t,
}: {
  state: State;
  name: string;
  action: string;
  sent: boolean;
  form: FormState | null;
  locale: Locale;
  t: T;
}) {
  const error = form ? (form.errors.body ?? form.errors.offer ?? form.message) : null;
  return (
    <section className="card invite-box section-sm" id="invite" aria-labelledby="invite-title">
      <h2 id="invite-title" className="h3">
        {t('messages.invite.heading', { name })}
      </h2>
      {sent && (
        <div className="alert alert-success" role="status" data-testid="invite-sent">
          {t('messages.invite.sent')}
        </div>
      )}
      {state.state === 'pending' && !sent && <p className="notice">{t('messages.invite.pending')}</p>}
      {state.state === 'accepted' && (
        <p className="notice">
          {t('messages.invite.accepted')}{' '}
          {state.conversationId && (
            <Link to={href('hireConversation', locale, { id: String(state.conversationId) })}>{t('messages.invite.openConversation')}</Link>
          )}
        </p>
      )}
      {state.state === 'declined' && (
        <p className="notice" data-testid="invite-declined">
          {t('messages.invite.declinedUntil', { date: formatDate(state.until, locale) })}
        </p>
      )}
      {state.state === 'open' && (
        <form method="post" action={action} className="form-stack" data-testid="invite-form">
          <input type="hidden" name="intent" value="invite" />
          <p className="muted">{t('messages.invite.intro')}</p>
          <div className="field">
            <label htmlFor="invite-body">{t('messages.invite.text')}</label>
            <Textarea
              id="invite-body"
              name="body"
              rows={5}
              required
              defaultValue={form?.values.body ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'invite-body-hint invite-body-error' : 'invite-body-hint'}
            />
            <p className="field-hint" id="invite-body-hint">
              {t('messages.conversation.hint', { max: MESSAGE_MAX_CHARS })}
            </p>
            {error && (
              <p className="field-error" id="invite-body-error" data-field="body" role="alert">
                {error}
              </p>
            )}
          </div>
          {state.offers.length > 0 && (
            <div className="field">
              <label htmlFor="invite-offer">{t('messages.invite.offer')}</label>
              <select id="invite-offer" name="offer" defaultValue={form?.values.offer ?? ''}>
                <option value="">{t('messages.invite.noOffer')}</option>
                {state.offers.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="submit" className="btn btn-primary btn-md" data-testid="send-invite">
            {t('messages.invite.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
