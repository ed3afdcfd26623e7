'use client';
import { useEffect } from 'react';

// The booking page shows times in the sales team's timezone until it knows the visitor's: when the URL
// names none and the browser's own differs from the one shown, this reloads the page with it (?tz=).
// Without JavaScript the visitor picks one in the select beside it.
export function TimeZoneDetect({ shown, chosen }: { shown: string; chosen: boolean }) {
  useEffect(() => {
    if (chosen) return;
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!tz || tz === shown) return;
    const url = new URL(window.location.href);
    url.searchParams.set('tz', tz);
    window.location.replace(url.toString());
  }, [shown, chosen]);
  return null;
}
