'use client';
// Loaded on demand through <Enhance> (its own chunk: no page pays for it up front).
import { useEffect } from 'react';

// Arrow keys for a server-rendered tablist of links (ARIA tabs pattern, manual activation). Without
// JavaScript every tab stays a plain link in the tab order; with it, only the selected tab is, and
// Left/Right/Home/End move focus along the list while Enter or Space follows the focused link.
export default function TabKeys({ listId, selected }: { listId: string; selected: string }) {
  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const tabs = () => [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const tab of tabs()) tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
    const onKey = (e: KeyboardEvent) => {
      const all = tabs();
      const i = all.indexOf(e.target as HTMLElement);
      if (i < 0) return;
      const to: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 };
      if (e.key === ' ') {
        e.preventDefault();
        all[i]!.click();
      } else if (e.key in to) {
        e.preventDefault();
        all[(to[e.key]! + all.length) % all.length]!.focus();
      }
    };
    list.addEventListener('keydown', onKey);
    return () => list.removeEventListener('keydown', onKey);
  }, [listId, selected]);
  return null;
}
