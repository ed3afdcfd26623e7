'use client';
import { useEffect, useState } from 'react';
import IconMonitor from '~icons/lucide/monitor';
import IconMoon from '~icons/lucide/moon';
import IconSun from '~icons/lucide/sun';
import { COLOR_MODE_KEY, isColorPreference, type ColorPreference } from '../../domain/color-mode';
import { DropdownMenu } from './dropdown-menu';
import { Tooltip } from './tooltip';

export type Labels = { label: string; system: string; light: string; dark: string };

const systemValue = () => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

function apply(pref: ColorPreference) {
  const d = document.documentElement;
  const forced = d.getAttribute('data-color-mode-forced');
  const value = forced === 'light' || forced === 'dark' ? forced : pref === 'system' ? systemValue() : pref;
  d.classList.remove('light', 'dark');
  d.classList.add(value);
}

/** The colour-mode menu (docs/product-rules.md), loaded after hydration by ColorModeSwitch: content pages have a JS budget. */
export default function ColorModeSwitchImpl({ labels }: { labels: Labels }) {
  const [pref, setPref] = useState<ColorPreference>('system');

  useEffect(() => {
    const saved = localStorage.getItem(COLOR_MODE_KEY);
    if (isColorPreference(saved)) setPref(saved);
  }, []);

  useEffect(() => {
    apply(pref);
    if (pref !== 'system') return;
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    mq?.addEventListener('change', onChange);
    return () => mq?.removeEventListener('change', onChange);
  }, [pref]);

  const choose = (id: string) => {
    if (!isColorPreference(id)) return;
    try {
      localStorage.setItem(COLOR_MODE_KEY, id);
    } catch {
      /* private mode: the choice lasts for this page */
    }
    setPref(id);
  };

  const icons = { system: <IconMonitor aria-hidden />, light: <IconSun aria-hidden />, dark: <IconMoon aria-hidden /> };
  return (
    <span className="color-mode" data-ready="">
      <Tooltip text={`${labels.label}: ${labels[pref]}`}>
        <DropdownMenu
          label={`${labels.label}: ${labels[pref]}`}
          button={icons[pref]}
          checkable
          onSelect={choose}
          items={(['system', 'light', 'dark'] as const).map((id) => ({ id, label: labels[id], icon: icons[id], checked: pref === id }))}
        />
      </Tooltip>
    </span>
  );
}
