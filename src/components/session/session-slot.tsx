'use client';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Enhanced } from '../islands/enhance';
import { sessionAtom } from '../../state/session';
import type { SlotLabels, SlotLinks } from './session-menu-model';

// The header's account area (the bar, and the phone menu's part). The server renders what it knows: on
// account pages the signed-in chip and links, on pages that are one HTML for everyone (decision 002) the
// sign-in link and the space kept for the account. Once the session is known this island swaps in the
// account menu, loaded as its own chunk (content pages have a JS budget).
export function SessionSlot(props: { part: 'bar' | 'menu'; labels: SlotLabels; links: SlotLinks; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (!session.loggedIn || !session.user) return props.children;
  return (
    <Enhanced load={() => import('./session-slot-impl')} props={{ part: props.part, labels: props.labels, links: props.links }}>
      {props.children}
    </Enhanced>
  );
}
