'use client';
// Loaded on demand through <Enhance> (its own chunk: no page pays for it up front).
import { useEffect, useState } from 'react';

// The name of the file chosen in a styled file picker (components/forms/file-picker.tsx). Renders nothing
// until hydrated: without JavaScript the server cannot know what was picked, and the upload still works.
export default function FileName({ inputId, none }: { inputId: string; none: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    const show = () => setName(input.files?.[0]?.name ?? '');
    show();
    input.addEventListener('change', show);
    return () => input.removeEventListener('change', show);
  }, [inputId]);
  if (name === null) return null;
  return (
    <span className="file-pick-name" aria-live="polite" data-testid="file-name">
      {name || none}
    </span>
  );
}
