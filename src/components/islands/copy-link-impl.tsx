'use client';
import { useRef, useState } from 'react';

import type { CopyLinkLabels } from '../ui/copy-link';

// The share link's enhanced version, loaded on demand through <Enhance kind="copy-link">: the field plus a
// "copy" button (the server renders the field alone; without JavaScript it is there to copy by hand).
export default function CopyLink({ url, labels, testId }: { url: string; labels: CopyLinkLabels; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      // Clipboard refused (permissions, an old browser): the text is selected for a manual copy.
      field.current?.select();
      setState('failed');
    }
  };
  return (
    <div className="copy-link" data-testid={testId}>
      <input
        ref={field}
        className="input"
        type="url"
        readOnly
        value={url}
        aria-label={labels.field}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" className="btn btn-outline-primary btn-md" onClick={() => void copy()}>
        {labels.copy}
      </button>
      <span className="copy-status" role="status">
        {state === 'copied' ? labels.copied : state === 'failed' ? labels.failed : ''}
      </span>
    </div>
  );
}
