'use client';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { AccountFormProps } from '../forms/account-form-types';

type Impl = ComponentType<AccountFormProps & { typed?: Record<string, string>; focus?: string | null }>;

/**
 * Progressive enhancement of an account form. The server renders the form as plain HTML (children), which
 * posts without JavaScript. In the browser this island loads the form's logic as its own chunk (pages
 * without a form never load it) and then takes over, keeping anything already typed and the focus.
 */
export function AccountForm({ children, ...props }: AccountFormProps & { children: ReactNode }) {
  const [state, setState] = useState<{ Impl: Impl; typed: Record<string, string>; focus: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    void import('../forms/account-form-impl').then((m) => {
      if (!live) return;
      const form = document.getElementById(props.id) as HTMLFormElement | null;
      const typed: Record<string, string> = {};
      for (const f of props.fields) {
        const el = form?.elements.namedItem(f.name);
        if (el && 'value' in el && typeof el.value === 'string' && el.value) typed[f.name] = el.value;
      }
      const active = document.activeElement as HTMLInputElement | null;
      const focus = active && form?.contains(active) ? active.name || null : null;
      setState({ Impl: m.default, typed, focus });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!state) return children;
  const { Impl, typed, focus } = state;
  return <Impl {...props} typed={typed} focus={focus} />;
}
