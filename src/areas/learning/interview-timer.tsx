'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { InterviewTimerProps } from './interview-timer-impl';

// The attempt's timer island: the server-rendered time left until the countdown's chunk has loaded, so no
// other page pays for it.
const load = () => import('./interview-timer-impl');

export function InterviewTimer({ props, children }: { props: InterviewTimerProps; children: ReactNode }) {
  return (
    <Enhanced load={load} props={props}>
      {children}
    </Enhanced>
  );
}
