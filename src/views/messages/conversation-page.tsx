import 'server-only';
import { Link } from 'waku';
import { REPORT_REASONS, MESSAGE_MAX_CHARS, type Side } from '../../domain/messaging';
import { PageError } from '../../domain/page-error';
import { parseId } from '../../domain/ids';
import { href, type RouteId } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { MessagingService } from '../../server/messages/messaging-service';
import type { NotificationService } from '../../server/notifications/notification-service';
import type { Page, PageProps } from '../../server/render/page-types';
import { Enhance } from '../../components/islands/enhance';
import { ThreadMarkup, type ThreadProps } from '../../components/messages/thread-markup';
import { Textarea } from '../../components/forms/textarea';

// One conversation, for either of its parties (decision 043): the company at /hire/site/mensajes/{id},
// the candidate at /match/plataforma/mensajes/{id}. Opening it marks it read (and the bell's notices of
// it). Its forms post to the page itself (send, block, unblock, report: conversation-actions.ts); anybody else gets the 404 page.
type Deps = { messages: () => Promise<MessagingService>; notifications: () => Promise<NotificationService> };

export function conversationPage({ messages, notifications }: Deps, side: Side): Page {
  const self: RouteId = side === 'company' ? 'hireConversation' : 'matchConversation';
  return async (p: PageProps) => {
    const { t, locale } = p;
    const id = parseId(p.params.id);
    const q = new URLSearchParams(p.query);
    const before = parseId(q.get('antes') ?? '');
    const svc = await messages();
    let c;
    try {
      if (id === null) throw new ServiceError('not-found');
      c = await svc.conversation(p.viewer, id, before === null ? {} : { before });
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found')
        throw new PageError(404, `Conversation not found: ${String(p.params.id)}`);
      throw err;
    }
    // Only the latest page marks read: an older page shows nothing new.
    const last = c.messages.at(-1);
    if (before === null && last) await svc.markRead(p.viewer, c.id, last.id);
    // What the bell said about this conversation is read too (its link is the page's default-language path).
    if (before === null && p.viewer) await (await notifications()).markLinkRead(p.viewer.id, href(self, 'es', { id: String(c.id) }));
    const action = href(self, locale, { id: String(c.id) });
    const other = side === 'company' ? c.candidate.name : c.company.name;
    const form = p.form;
    const done = q.get('hecho');
    const notice =
      done === 'bloqueada'
        ? t('messages.blocked.done')
        : done === 'desbloqueada'
          ? t('messages.blocked.undone')
          : done === 'denuncia'
            ? t('messages.report.done')
            : null;
    const otherHref =
      side === 'company'
        ? c.candidate.slug && href('talentProfile', locale, { slug: c.candidate.slug })
        : href('company', locale, { slug: c.company.slug });
    const formIntent = form?.values.intent;
    return (
      <div className="container page conversation-page">
        <nav className="conversation-nav" aria-label={t('messages.conversation.inbox')}>
          <Link to={side === 'company' ? href('hireSite', locale) : href('matchPlatform', locale)}>
            {t(side === 'company' ? 'messages.conversation.backHire' : 'messages.conversation.backMatch')}
          </Link>
          <Link to={href(side === 'company' ? 'hireInbox' : 'matchInbox', locale)}>{t('messages.conversation.inbox')}</Link>
        </nav>
        <h1>{t(side === 'company' ? 'messages.conversation.withCandidate' : 'messages.conversation.withCompany', { name: other })}</h1>
        <p className="muted">
          {otherHref ? <Link to={otherHref}>{other}</Link> : other}
          {c.offer && (
            <>
              {' · '}
              {t('messages.conversation.aboutOffer')} <Link to={href('offer', locale, { slug: c.offer.slug })}>{c.offer.title}</Link>
            </>
          )}
          {c.origin === 'invitation' && <> · {t('messages.conversation.fromInvitation')}</>}
        </p>
        {notice && (
          <div className="alert alert-success" role="status" data-testid="conversation-notice">
            {notice}
          </div>
        )}
        {form && formIntent !== 'send' && form.message && (
          <div className="alert alert-error" role="alert">
            {Object.values(form.errors)[0] ?? form.message}
          </div>
        )}
        {c.blockedBy && (
          <div className="alert alert-info" role="status" data-testid="blocked">
            {t(c.blockedBy === side ? 'messages.blocked.byMe' : 'messages.blocked.byOther')}
          </div>
        )}
        {c.olderBefore !== null && (
          <p>
            <Link to={`${action}?antes=${c.olderBefore}`}>{t('messages.conversation.older')}</Link>
          </p>
        )}
        {(() => {
          const props: ThreadProps = {
            conversationId: c.id,
            messages: c.messages.map((m) => ({ id: m.id, mine: m.mine, body: m.body, createdAt: m.createdAt, author: m.author })),
            theirReadId: c.theirReadId,
            action,
            lang: locale,
            canSend: c.blockedBy === null && before === null,
            draft: formIntent === 'send' || (form && !formIntent) ? (form?.values.body ?? '') : '',
            error: formIntent === 'send' || (form && !formIntent) ? (form?.errors.body ?? form?.message ?? null) : null,
            labels: {
              list: t('messages.conversation.list'),
              you: t('messages.conversation.you'),
              other,
              seen: t('messages.conversation.seen'),
              empty: t('messages.conversation.empty'),
              label: t('messages.conversation.label'),
              hint: t('messages.conversation.hint', { max: MESSAGE_MAX_CHARS }),
              send: t('messages.conversation.send'),
              sending: t('messages.conversation.sending'),
              failed: t('messages.error.sendFailed'),
              fresh: t('messages.conversation.newMessages'),
            },
          };
          const first = { messages: props.messages, theirRead: props.theirReadId, canSend: props.canSend, text: props.draft };
          return (
            // The live version (sends without reloading, new messages every ~10 s) loads as its own chunk.
            <Enhance kind="conversation-thread" props={props}>
              <ThreadMarkup p={props} s={{ ...first, error: props.error, busy: false, fresh: false }} />
            </Enhance>
          );
        })()}
        {before !== null && (
          <p>
            <Link to={action}>{t('messages.conversation.newest')}</Link>
          </p>
        )}
        <div className="conversation-tools section-sm">
          {c.blockedBy === null ? (
            <form method="post" action={action} className="inline-form">
              <input type="hidden" name="intent" value="block" />
              <button type="submit" className="btn btn-outline-danger btn-md" data-testid="block">
                {t('messages.blocked.block')}
              </button>
              <span className="field-hint">{t('messages.blocked.blockHint')}</span>
            </form>
          ) : (
            c.blockedBy === side && (
              <form method="post" action={action} className="inline-form">
                <input type="hidden" name="intent" value="unblock" />
                <button type="submit" className="btn btn-outline-primary btn-md" data-testid="unblock">
                  {t('messages.blocked.unblock')}
                </button>
              </form>
            )
          )}
          {side === 'candidate' &&
            (c.reported ? (
              <p className="muted">{t('messages.report.already')}</p>
            ) : (
              <details className="report-box" open={formIntent === 'report' || undefined}>
                <summary>{t('messages.report.heading')}</summary>
                <p className="muted">{t('messages.report.intro')}</p>
                <form method="post" action={action} className="form-stack">
                  <input type="hidden" name="intent" value="report" />
                  <div className="field">
                    <label htmlFor="report-reason">{t('messages.report.reason')}</label>
                    <select
                      id="report-reason"
                      name="reason"
                      required
                      defaultValue={formIntent === 'report' ? (form?.values.reason ?? '') : ''}
                      aria-invalid={formIntent === 'report' && form?.errors.reason ? true : undefined}
                    >
                      <option value="">—</option>
                      {REPORT_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {t(`messages.report.reasons.${r}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="report-details">{t('messages.report.details')}</label>
                    <Textarea
                      id="report-details"
                      name="details"
                      rows={3}
                      defaultValue={formIntent === 'report' ? (form?.values.details ?? '') : ''}
                    />
                  </div>
                  <button type="submit" className="btn btn-outline-danger btn-md" data-testid="report">
                    {t('messages.report.submit')}
                  </button>
                </form>
              </details>
            ))}
        </div>
      </div>
    );
  };
}
