'use client';
import { useState } from 'react';
import type { ComboSelectProps } from '../forms/combo-select';
import { Combobox } from './combobox';

// Loaded on demand through <Enhance kind="combo-select"> (components/forms/combo-select.tsx): the searchable
// combobox in place of the native select; the form sends the picked id in a hidden input of the same name.
export default function ComboSelectImpl(p: ComboSelectProps) {
  const [value, setValue] = useState(p.initial);
  return (
    <>
      <Combobox
        id={p.id}
        label={p.label}
        options={p.options}
        value={value}
        onChange={setValue}
        placeholder={p.labels.search}
        noResults={p.labels.noResults}
        showOptions={p.labels.showOptions}
        error={p.error ?? null}
      />
      <input type="hidden" name={p.name} value={value} />
    </>
  );
}

/** What the select held when the combobox took over (picked before the code loaded) is kept. */
export function capture(p: ComboSelectProps) {
  const select = document.getElementById(p.id) as HTMLSelectElement | null;
  return select ? { initial: select.value } : {};
}
