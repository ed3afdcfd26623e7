import 'server-only';
import { Link } from 'waku';
import { COMMON_TIME_ZONES, slotKey } from '../../domain/scheduling';
import { formatMeetingTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { InterviewView } from '../../server/interviews/interview-service';

// Upcoming interviews in either workspace (decision 046), as plain posts. The candidate picks a time in a
// select (times in the zone of ?tz=, else the company's: a GET form beside it changes it, no JavaScript),
// declines, or cancels; the company opens the interview's page to move or cancel it.
type Props = { items: InterviewView[]; side: 'company' | 'candidate'; locale: Locale; t: T; tz: string | null; action: string };

const when = (d: Date, locale: Locale, tz: string) => `${formatMeetingTime(d, locale, tz)} (${tz.replace(/_/g, ' ')})`;

export function InterviewList({ items, side, locale, t, tz, action }: Props) {
  return (
    <section className="section interviews" id="interviews" aria-labelledby="interviews-title">
      <h2 id="interviews-title">{t('interviews.upcoming')}</h2>
      {items.length === 0 ? (
        <p className="notice">{t('interviews.none')}</p>
      ) : (
        <>
          {side === 'candidate' && <ZoneForm action={action} tz={tz} t={t} />}
          <ul className="applicant-list">
            {items.map((i) => {
              const zone = tz ?? i.timeZone;
              return (
                <li key={i.id} className="card" data-testid="interview" data-status={i.status}>
                  <h3 className="h3">{side === 'company' ? t('interviews.with', { name: i.candidate }) : i.company}</h3>
                  <p className="muted">
                    {t('interviews.for', { offer: i.offer })} · {t('interviews.minutes', { n: i.durationMinutes })}
                  </p>
                  {i.status === 'scheduled' && i.startsAt ? (
                    <p>
                      <strong>{t('interviews.scheduled')}:</strong>{' '}
                      <time dateTime={i.startsAt.toISOString()}>{when(i.startsAt, locale, zone)}</time>
                    </p>
                  ) : (
                    side === 'company' && (
                      <>
                        <p>{t('interviews.proposed')}:</p>
                        <ul>
                          {i.slots.map((s) => (
                            <li key={s.toISOString()}>
                              <time dateTime={s.toISOString()}>{when(s, locale, zone)}</time>
                            </li>
                          ))}
                        </ul>
                      </>
                    )
                  )}
                  {i.videoUrl && (
                    <p>
                      {t('interviews.video')}: <a href={i.videoUrl}>{i.videoUrl}</a>
                    </p>
                  )}
                  {side === 'candidate' ? (
                    <CandidateForms i={i} locale={locale} t={t} zone={zone} action={action} />
                  ) : (
                    <p>
                      <Link
                        className="btn btn-outline-primary btn-md"
                        to={href('hireInterview', locale, { id: String(i.applicationId) })}
                        data-testid="interview-open"
                      >
                        {t('interviews.move')}
                        <span className="sr-only"> ({i.candidate})</span>
                      </Link>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function CandidateForms({ i, locale, t, zone, action }: { i: InterviewView; locale: Locale; t: T; zone: string; action: string }) {
  if (i.status === 'scheduled')
    return (
      <form method="post" action={action}>
        <input type="hidden" name="intent" value="interview-cancel" />
        <input type="hidden" name="interview" value={i.id} />
        <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="interview-cancel">
          {t('interviews.cancel')}
        </button>
      </form>
    );
  const id = `slot-${i.id}`;
  return (
    <div className="invitation-actions">
      <form method="post" action={action} className="inline-form">
        <input type="hidden" name="intent" value="interview-pick" />
        <input type="hidden" name="interview" value={i.id} />
        <label htmlFor={id}>{t('interviews.pick')}</label>
        <select id={id} name="slot" data-testid="interview-slot">
          {i.slots.map((s) => (
            <option key={s.toISOString()} value={slotKey(s)}>
              {when(s, locale, zone)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary btn-md" data-testid="interview-pick">
          {t('interviews.pickButton')}
        </button>
      </form>
      <form method="post" action={action}>
        <input type="hidden" name="intent" value="interview-decline" />
        <input type="hidden" name="interview" value={i.id} />
        <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="interview-decline">
          {t('interviews.decline')}
        </button>
      </form>
    </div>
  );
}

/** The time zone the candidate reads times in (a GET form: the page again with ?tz=). */
function ZoneForm({ action, tz, t }: { action: string; tz: string | null; t: T }) {
  const zones: string[] =
    tz && !(COMMON_TIME_ZONES as readonly string[]).includes(tz) ? [tz, ...COMMON_TIME_ZONES] : [...COMMON_TIME_ZONES];
  return (
    <form className="tz-form" method="get" action={`${action}#interviews`}>
      <label htmlFor="interview-tz">{t('meetings.schedule.tz')}</label>
      <select id="interview-tz" name="tz" defaultValue={tz ?? ''}>
        {!tz && <option value="">{t('interviews.companyZone')}</option>}
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline-primary">
        {t('meetings.schedule.tzApply')}
      </button>
    </form>
  );
}
