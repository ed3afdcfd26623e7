import 'server-only';
import type { ReactNode } from 'react';

// How a page answers with something other than a plain 200 while still showing its content (a closed
// offer: 410; too many tries: 429 with Retry-After; a private page: no-store). Error screens without
// content are thrown as PageError instead. route-page.tsx applies both; pages never patch the response.
const ANSWER = Symbol('page-answer');

export type PageAnswer = { readonly [ANSWER]: true; status: number; headers: Record<string, string>; content: ReactNode };

export function answer(status: number, content: ReactNode, headers: Record<string, string> = {}): PageAnswer {
  return { [ANSWER]: true, status, headers, content };
}

export const isPageAnswer = (v: unknown): v is PageAnswer => typeof v === 'object' && v !== null && ANSWER in v;
