'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { BookingPickerProps } from './booking-picker-fields';

// The booking page's island: the server-rendered zone, days and slots (with their "show times" button)
// until its chunk has loaded, then the same fields updating live. No other page pays for it.
const load = () => import('./booking-picker-impl');

export function BookingPicker({ props, children }: { props: BookingPickerProps; children: ReactNode }) {
  return (
    <Enhanced load={load} props={props}>
      {children}
    </Enhanced>
  );
}
