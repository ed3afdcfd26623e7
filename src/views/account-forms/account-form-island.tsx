'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { AccountFormProps } from './account-form-types';

// The account forms' island: the server-rendered form until its enhanced version (own chunk) has loaded.
const load = () => import('./account-form-impl');

export function AccountFormIsland({ props, children }: { props: AccountFormProps; children: ReactNode }) {
  return (
    <Enhanced load={load} props={props}>
      {children}
    </Enhanced>
  );
}
