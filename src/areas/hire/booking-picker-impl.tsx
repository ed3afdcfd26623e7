'use client';
import { useEffect, useState } from 'react';
import { isTimeZone } from '../../domain/scheduling';
import { zoneOptions } from '../../i18n/time-zone-names';
import { BookingPickerFields, pickerDays, type BookingPickerProps } from './booking-picker-fields';

// Loaded on demand by <BookingPicker>: the zone, day and slot as state, so the days and the times follow a
// change at once (no button, no reload). When the visitor has not chosen a zone, the browser's own takes
// the place of the sales team's (added to the list when it is not there).
export default function BookingPickerImpl(p: BookingPickerProps) {
  const [zones, setZones] = useState(p.zones);
  const [tz, setTzState] = useState(p.tz);
  const [day, setDay] = useState(p.day);
  const [slot, setSlot] = useState(p.slot);
  const [slotError, setSlotError] = useState(p.slotError);

  const setTz = (next: string) => {
    if (!zones.some((z) => z.id === next)) setZones(zoneOptions([...zones.map((z) => z.id), next], p.locale, new Date()));
    // The chosen time stays chosen: its day in the new zone is the one shown.
    const shown = pickerDays({ slots: p.slots, tz: next, day: null, slot });
    setTzState(next);
    setDay(shown.day?.date ?? null);
  };

  useEffect(() => {
    if (p.tzChosen) return;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (isTimeZone(own) && own !== p.tz) setTz(own);
    // Once, on load: later the visitor's own choice counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = {
    tz: setTz,
    day: (d: string) => {
      setDay(d);
      setSlotError(null);
    },
    slot: (s: string) => {
      setSlot(s);
      setSlotError(null);
    },
  };
  return <BookingPickerFields p={{ ...p, zones, tz, day, slot, slotError }} change={change} />;
}

/** What was picked before the chunk loaded (the server-rendered radios and select) is kept. */
export function capture(p: BookingPickerProps): Partial<BookingPickerProps> {
  const select = document.getElementById('tz') as HTMLSelectElement | null;
  const picked = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null;
  const tz = select?.value ?? p.tz;
  return { tz, tzChosen: p.tzChosen || tz !== p.tz, day: picked('day') ?? p.day, slot: picked('slot') ?? p.slot };
}
