import { parseSlotKey, slotKey, slotsByDay } from '../../domain/scheduling';
import { formatMeetingChip, formatMeetingClock, formatMeetingDay, formatMeetingTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { ZoneOption } from '../../i18n/time-zone-names';

// The booking page's choice of a time (decision 080): the zone, a day among the next ones with free times
// (chips) and the free times of that day. The server renders it with a "show times" button (it works
// without JavaScript: the button posts the form, which comes back with everything kept); the booking
// island renders the same markup, live. Fields of the booking form: the zone, the day and the slot are
// always posted, so a refused booking comes back as it was sent.
export const MAX_DAYS = 14;

type BookingPickerLabels = {
  tz: string;
  apply: string;
  days: string;
  /** With {day}. */
  slotsOf: string;
  /** With {when}. */
  chosen: string;
  /** With {minutes}. */
  length: string;
  noSlots: string;
};

export type BookingPickerProps = {
  locale: Locale;
  /** The free slots' keys, in time order. */
  slots: string[];
  zones: ZoneOption[];
  tz: string;
  /** The visitor chose the zone (a link or a post): the browser's is not put in its place. */
  tzChosen: boolean;
  day: string | null;
  slot: string | null;
  slotError: string | null;
  minutes: number;
  labels: BookingPickerLabels;
};

export type PickerChange = { tz: (v: string) => void; day: (v: string) => void; slot: (v: string) => void };

/** The days with free slots in the zone (at most MAX_DAYS), the one shown and its slots. */
export function pickerDays(p: Pick<BookingPickerProps, 'slots' | 'tz' | 'day' | 'slot'>) {
  const dates = p.slots.map(parseSlotKey).filter((d): d is Date => d !== null);
  const days = slotsByDay(dates, p.tz).slice(0, MAX_DAYS);
  const day = days.find((d) => d.date === p.day) ?? days.find((d) => d.slots.some((s) => slotKey(s) === p.slot)) ?? days[0] ?? null;
  const slot = day?.slots.find((s) => slotKey(s) === p.slot) ?? null;
  return { days, day, slot };
}

function ZoneSelect({ p, change }: { p: BookingPickerProps; change?: PickerChange }) {
  const groups = [...new Set(p.zones.map((z) => z.group))];
  const value = change
    ? { value: p.tz, onChange: (e: { target: { value: string } }) => change.tz(e.target.value) }
    : { defaultValue: p.tz };
  return (
    <div className="tz-form">
      <label htmlFor="tz">{p.labels.tz}</label>
      <select id="tz" name="tz" {...value}>
        {groups.map((g) => (
          <optgroup key={g} label={g}>
            {p.zones
              .filter((z) => z.group === g)
              .map((z) => (
                <option key={z.id} value={z.id}>
                  {z.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** The zone, the day chips and the chosen day's slots, as radios of the booking form. */
export function BookingPickerFields({ p, change }: { p: BookingPickerProps; change?: PickerChange }) {
  const { locale, tz, labels } = p;
  const { days, day, slot } = pickerDays(p);
  const checked = (on: boolean, set?: () => void) => (change ? { checked: on, onChange: set } : { defaultChecked: on });
  const errorId = 'booking-slot-error';
  return (
    // data-live: the live version has taken over (a press on a time before then may land on a replaced node).
    <div className="booking-picker" data-live={change ? 'true' : undefined}>
      <ZoneSelect p={p} change={change} />
      <p className="field-hint">{labels.length.replace('{minutes}', String(p.minutes))}</p>
      {days.length === 0 ? (
        <p className="notice">{labels.noSlots}</p>
      ) : (
        <fieldset className="day-chips">
          <legend>{labels.days}</legend>
          <div className="chip-row">
            {days.map((d) => (
              <label key={d.date} className="chip">
                <input type="radio" name="day" value={d.date} {...checked(d.date === day?.date, () => change?.day(d.date))} />
                <span>{formatMeetingChip(d.slots[0]!, locale, tz)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!change && (
        <button type="submit" name="intent" value="show" className="btn btn-outline-primary tz-apply" formNoValidate>
          {labels.apply}
        </button>
      )}
      {day && (
        <fieldset className="slot-choices" aria-describedby={p.slotError ? errorId : undefined}>
          <legend>{labels.slotsOf.replace('{day}', formatMeetingDay(day.slots[0]!, locale, tz))}</legend>
          {p.slotError && (
            <p id={errorId} className="field-error">
              {p.slotError}
            </p>
          )}
          <div className="slot-list">
            {day.slots.map((s) => {
              const key = slotKey(s);
              return (
                <label key={key} className="slot">
                  <input
                    type="radio"
                    name="slot"
                    value={key}
                    data-slot={key}
                    {...checked(key === slotKey(slot ?? new Date(0)), () => change?.slot(key))}
                  />
                  <time dateTime={s.toISOString()}>{formatMeetingClock(s, locale, tz)}</time>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <p className="booking-chosen" aria-live="polite">
        {slot && <strong>{labels.chosen.replace('{when}', formatMeetingTime(slot, locale, tz))}</strong>}
      </p>
    </div>
  );
}
