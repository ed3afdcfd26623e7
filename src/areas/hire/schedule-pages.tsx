import 'server-only';
import { COMMON_TIME_ZONES, isTimeZone, parseSlotKey, slotKey, slotsByDay } from '../../domain/scheduling';
import { formatMeetingClock, formatMeetingDay, formatMeetingTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { ButtonLink } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { LegalConsentNote } from '../../components/forms/legal-note';
import { zoneLabel, zoneOptions } from '../../i18n/time-zone-names';
import { BookingPicker } from './booking-picker';
import { BookingPickerFields, type BookingPickerProps } from './booking-picker-fields';
import { href } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import type { BookingView } from '../../server/meetings/meeting-service';
import { Textarea } from '../../components/forms/textarea';

// /hire/agendar: one form (decision 080) with the zone, a day, one of its free slots and the visitor's
// details; the booking island detects the zone and updates the times live, without JavaScript a "show
// times" button posts the form back with everything kept. The manage page of a booking
// (/hire/agendar/reserva/{token}, the link in the emails) cancels it or moves it. Never cached: the free
// slots change with every booking.
const PRIVATE = { 'cache-control': 'private, no-store' };
const FIRST_DAYS = 7;

function timeZoneOf(q: URLSearchParams, fallback: string): string {
  const tz = q.get('tz');
  return isTimeZone(tz) ? tz : fallback;
}

function TimeZoneForm({ action, tz, t, locale }: { action: string; tz: string; t: T; locale: Locale }) {
  const zones = zoneOptions([...COMMON_TIME_ZONES, tz], locale, new Date());
  return (
    <form className="tz-form" method="get" action={action}>
      <label htmlFor="tz">{t('meetings.schedule.tz')}</label>
      <select id="tz" name="tz" defaultValue={tz}>
        {zones.map((z) => (
          <option key={z.id} value={z.id}>
            {z.label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline-primary">
        {t('meetings.schedule.tzApply')}
      </button>
    </form>
  );
}

/** The free slots by day, each a link to `base` with the slot (and the timezone) in the query. */
function SlotList(props: { slots: Date[]; tz: string; locale: Locale; t: T; base: string; all: boolean; selected?: string }) {
  const { slots, tz, locale, t, base, all } = props;
  const days = slotsByDay(slots, tz);
  const shown = all ? days : days.slice(0, FIRST_DAYS);
  const link = (extra: Record<string, string>) => `${base}?${new URLSearchParams({ tz, ...extra })}`;
  if (days.length === 0) return <p className="notice">{t('meetings.schedule.noSlots')}</p>;
  return (
    <section className="slot-days" aria-labelledby="slot-days-heading">
      <h2 id="slot-days-heading">{t('meetings.schedule.daysHeading')}</h2>
      {shown.map((d) => (
        <div key={d.date} className="slot-day">
          <h3>{formatMeetingDay(d.slots[0]!, locale, tz)}</h3>
          <ul className="slot-list">
            {d.slots.map((s) => {
              const key = slotKey(s);
              return (
                <li key={key}>
                  <a className="slot" href={link({ slot: key })} aria-current={props.selected === key || undefined} data-slot={key}>
                    <time dateTime={s.toISOString()}>{formatMeetingClock(s, locale, tz)}</time>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {!all && days.length > FIRST_DAYS && (
        <p>
          <a href={link({ todo: '1' })}>{t('meetings.schedule.more')}</a>
        </p>
      )}
    </section>
  );
}

function Field(p: {
  name: string;
  label: string;
  state: PageProps['form'];
  type?: string;
  max: number;
  auto?: string;
  optional?: boolean;
}) {
  const id = `booking-${p.name}`;
  const err = p.state?.errors[p.name] ?? null;
  return (
    <Row id={id} name={p.name} label={p.label} error={err}>
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        required={!p.optional || undefined}
        maxLength={p.max}
        autoComplete={p.auto}
        defaultValue={p.state?.values[p.name] ?? ''}
        aria-invalid={!!err || undefined}
        aria-describedby={describedBy(id, false, !!err)}
      />
    </Row>
  );
}

function Done({ heading, body, t, locale }: { heading: string; body: string; t: T; locale: Locale }) {
  return answer(
    200,
    <PageHero heading={heading} intro={body}>
      <div className="actions">
        <ButtonLink to={href('hireSchedule', locale)} size="lg" variant="outline-primary">
          {t('meetings.schedule.another')}
        </ButtonLink>
      </div>
    </PageHero>,
    PRIVATE,
  );
}

/** The zone the page shows: a posted one (a refused booking, "show times"), a link's, else the sales team's. */
function zoneOf(p: PageProps, fallback: string): { tz: string; chosen: boolean } {
  const asked = p.form?.values.tz ?? new URLSearchParams(p.query).get('tz');
  return isTimeZone(asked) ? { tz: asked, chosen: true } : { tz: fallback, chosen: false };
}

export const schedulePage =
  (deps: Pick<AreaDeps, 'meetings'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const meetings = await deps.meetings();
    const q = new URLSearchParams(p.query);
    const { tz, chosen: tzChosen } = zoneOf(p, meetings.rules.timeZone);
    const base = href('hireSchedule', locale);
    for (const [param, heading, body] of [
      ['pendiente', 'meetings.schedule.pendingHeading', 'meetings.schedule.pendingBody'],
      ['reservada', 'meetings.schedule.bookedHeading', 'meetings.schedule.bookedBody'],
      ['movida', 'meetings.manage.movedHeading', 'meetings.manage.movedBody'],
      ['cancelada', 'meetings.manage.cancelledHeading', 'meetings.manage.cancelledBody'],
    ] as const) {
      const at = parseSlotKey(q.get(param));
      if (at)
        return Done({
          heading: t(heading),
          body: t(body, { when: `${formatMeetingTime(at, locale, tz)} · ${zoneLabel(tz, locale, at)}` }),
          t,
          locale,
        });
    }
    const free = await meetings.freeSlots();
    const state = p.form;
    const values = state?.values ?? {};
    const picker: BookingPickerProps = {
      locale,
      slots: free.map(slotKey),
      zones: zoneOptions([...COMMON_TIME_ZONES, tz], locale, new Date()),
      tz,
      tzChosen,
      day: values.day ?? q.get('day'),
      slot: values.slot ?? q.get('slot'),
      slotError: state?.errors.slot ?? null,
      minutes: meetings.rules.slotMinutes,
      labels: {
        tz: t('meetings.schedule.tz'),
        apply: t('meetings.schedule.tzApply'),
        days: t('meetings.schedule.day'),
        slotsOf: t('meetings.schedule.slotsOf', { day: '{day}' }),
        chosen: t('meetings.schedule.chosen', { when: '{when}' }),
        length: t('meetings.schedule.length', { minutes: '{minutes}' }),
        noSlots: t('meetings.schedule.noSlots'),
      },
    };
    return answer(
      200,
      <>
        <PageHero heading={t('routes.hireSchedule.heading')} intro={t('routes.hireSchedule.intro')} />
        <div className="container page schedule" style={{ paddingTop: 0 }}>
          <form className="form card booking-form" method="post" action={base} noValidate>
            {state?.message ? <Summary state={state} /> : null}
            <h2>{t('meetings.schedule.daysHeading')}</h2>
            <BookingPicker props={picker}>
              <BookingPickerFields p={picker} />
            </BookingPicker>
            <h2>{t('meetings.schedule.details')}</h2>
            <Field name="name" label={t('meetings.form.name')} state={state} max={160} auto="name" />
            <Field name="email" label={t('meetings.form.email')} state={state} type="email" max={254} auto="work email" />
            <Field name="company" label={t('meetings.form.company')} state={state} max={160} auto="organization" optional />
            <Row id="booking-message" name="message" label={t('meetings.form.message')} error={state?.errors.message ?? null}>
              <Textarea id="booking-message" name="message" rows={3} maxLength={1000} defaultValue={values.message ?? ''} />
            </Row>
            <button type="submit" className="btn btn-primary btn-lg">
              {t('meetings.schedule.submit')}
            </button>
            <LegalConsentNote locale={locale} t={t} terms={null} />
          </form>
        </div>
      </>,
      PRIVATE,
    );
  };

export const manageBookingPage =
  (deps: Pick<AreaDeps, 'meetings'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const meetings = await deps.meetings();
    const token = String(p.params.token ?? '');
    const booking = (await meetings.findByToken(token)) ?? (await meetings.findRequest(token));
    const q = new URLSearchParams(p.query);
    if (booking?.status === 'requested') return ConfirmRequest(p, booking, await meetings.freeSlots());
    if (!booking || booking.status !== 'confirmed')
      return answer(
        410,
        <PageHero heading={t('meetings.manage.usedHeading')} intro={t('meetings.error.linkUsed')}>
          <div className="actions">
            <ButtonLink to={href('hireSchedule', locale)} size="lg">
              {t('meetings.manage.scheduleAgain')}
            </ButtonLink>
          </div>
        </PageHero>,
        { ...PRIVATE, 'referrer-policy': 'no-referrer' },
      );
    const tz = timeZoneOf(q, booking.timeZone);
    const base = href('hireScheduleManage', locale, { token });
    const free = await meetings.freeSlots();
    const chosen = parseSlotKey(p.form?.values.slot ?? q.get('slot'));
    const open = chosen && free.some((s) => s.getTime() === chosen.getTime()) ? chosen : null;
    return answer(
      200,
      <>
        <PageHero
          heading={t('meetings.manage.heading')}
          intro={`${formatMeetingTime(booking.startsAt, locale, tz)} · ${zoneLabel(tz, locale, booking.startsAt)}`}
        />
        <div className="container page schedule" style={{ paddingTop: 0 }}>
          <Summary state={p.form} />
          <form className="card manage-cancel" method="post" action={base}>
            <input type="hidden" name="intent" value="cancel" />
            <p>{t('meetings.manage.cancelHint')}</p>
            <button type="submit" className="btn btn-outline-primary">
              {t('meetings.manage.cancel')}
            </button>
          </form>
          <h2>{t('meetings.manage.moveHeading')}</h2>
          <p className="field-hint">{t('meetings.manage.moveHint')}</p>
          <TimeZoneForm action={base} tz={tz} t={t} locale={locale} />
          {open ? (
            <form className="card booking-form" method="post" action={base}>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="slot" value={slotKey(open)} />
              <input type="hidden" name="tz" value={tz} />
              <p className="booking-chosen">
                <strong>{t('meetings.schedule.chosen', { when: formatMeetingTime(open, locale, tz) })}</strong>{' '}
                <a href={`${base}?${new URLSearchParams({ tz })}`}>{t('meetings.schedule.changeSlot')}</a>
              </p>
              <button type="submit" className="btn btn-primary">
                {t('meetings.manage.move')}
              </button>
            </form>
          ) : (
            <SlotList slots={free} tz={tz} locale={locale} t={t} base={base} all={q.get('todo') === '1'} />
          )}
        </div>
      </>,
      { ...PRIVATE, 'referrer-policy': 'no-referrer' },
    );
  };

/**
 * A booking request's link: the button confirms it (a GET books nothing: mail scanners open links). When
 * its time was taken meanwhile, the visitor picks another free one and confirms that.
 */
function ConfirmRequest(p: PageProps, request: BookingView, free: Date[]) {
  const { t, locale } = p;
  const q = new URLSearchParams(p.query);
  const tz = timeZoneOf(q, request.timeZone);
  const base = href('hireScheduleManage', locale, { token: String(p.params.token ?? '') });
  const isFree = (d: Date) => free.some((s) => s.getTime() === d.getTime());
  const chosen = parseSlotKey(p.form?.values.slot ?? q.get('slot'));
  const slot = chosen && isFree(chosen) ? chosen : isFree(request.startsAt) ? request.startsAt : null;
  return answer(
    200,
    <>
      <PageHero
        heading={t('meetings.manage.confirmHeading')}
        intro={`${formatMeetingTime(slot ?? request.startsAt, locale, tz)} · ${zoneLabel(tz, locale, slot ?? request.startsAt)}`}
      />
      <div className="container page schedule" style={{ paddingTop: 0 }}>
        <Summary state={p.form} />
        {slot ? (
          <form className="card booking-form" method="post" action={base}>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="slot" value={slotKey(slot)} />
            <input type="hidden" name="tz" value={tz} />
            <p>{t('meetings.manage.confirmHint')}</p>
            <button type="submit" className="btn btn-primary btn-lg" data-testid="confirm-booking">
              {t('meetings.manage.confirm')}
            </button>
          </form>
        ) : (
          <>
            <p className="notice">{t('meetings.manage.takenHint')}</p>
            <TimeZoneForm action={base} tz={tz} t={t} locale={locale} />
            <SlotList slots={free} tz={tz} locale={locale} t={t} base={base} all={q.get('todo') === '1'} />
          </>
        )}
      </div>
    </>,
    { ...PRIVATE, 'referrer-policy': 'no-referrer' },
  );
}
