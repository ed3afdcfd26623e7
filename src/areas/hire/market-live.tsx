'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { MarketLiveProps } from './market-live-impl';

// The offer form's live market check (decision 088): the server-rendered check (filled on "Vista previa")
// until its chunk has loaded, then the same view following the form as it changes. Only this page pays for it.
const load = () => import('./market-live-impl');

export function MarketLive({ props, children }: { props: MarketLiveProps; children: ReactNode }) {
  return (
    <Enhanced load={load} props={props}>
      {children}
    </Enhanced>
  );
}
