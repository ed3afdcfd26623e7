'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { CalculatorFormProps } from './calculator-form-types';

// The calculator form's island: the plain GET form until its enhanced version (own chunk) has loaded.
const load = () => import('./calculator-form-impl');

export function CalculatorFormIsland({ props, children }: { props: CalculatorFormProps; children: ReactNode }) {
  return (
    <Enhanced load={load} props={props}>
      {children}
    </Enhanced>
  );
}
