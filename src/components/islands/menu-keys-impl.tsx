'use client';
// Loaded on demand through <Enhance> (its own chunk: no page pays for it up front).
import { useEffect } from 'react';

// The row menus are <details> disclosures (they work without JavaScript). With it, Escape closes the
// open one and gives focus back to its toggle, and opening one, or clicking elsewhere, closes the others.
export default function MenuKeys({ scopeId }: { scopeId: string }) {
  useEffect(() => {
    const scope = document.getElementById(scopeId);
    if (!scope) return;
    const menus = () => [...scope.querySelectorAll<HTMLDetailsElement>('details.row-menu')];
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = (e.target as Element).closest?.<HTMLDetailsElement>('details.row-menu[open]');
      if (!open) return;
      open.open = false;
      open.querySelector('summary')?.focus();
    };
    const onClick = (e: MouseEvent) => {
      const inside = (e.target as Element).closest?.('details.row-menu');
      for (const m of menus()) if (m !== inside) m.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    // Says the keys work now (the chunk arrives after hydration): what a test waits for before pressing them.
    scope.setAttribute('data-menu-keys', 'ready');
    return () => {
      scope.removeAttribute('data-menu-keys');
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [scopeId]);
  return null;
}
