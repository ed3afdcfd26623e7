'use client';
import { Enhanced } from '../../components/islands/enhance';
import type { ThreadProps } from './thread-markup';
import type { ReactNode } from 'react';

// The conversation's island: the server renders the messages and a form that posts (children); in the
// browser the live version (sending without reloading, new messages every ~10 s) loads as its own chunk,
// so no other page pays for it.
export function ConversationThread({ children, ...props }: ThreadProps & { children: ReactNode }) {
  return (
    <Enhanced load={() => import('./conversation-thread-impl')} props={props}>
      {children}
    </Enhanced>
  );
}
