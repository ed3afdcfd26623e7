'use client';
import { useEffect, useRef, useState } from 'react';

export type CopyLinkLabels = { field: string; copy: string; copied: string; failed: string };

// A share link as a field that never runs past the screen (a raw URL does not wrap) plus a "copy" button.
// Without JavaScript the field is there to select and copy by hand; the button appears once it can work.
export function CopyLink({ url, labels, testId }: { url: string; labels: CopyLinkLabels; testId?: string }) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);
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
      {ready && (
        <button type="button" className="btn btn-outline-primary btn-md" onClick={() => void copy()}>
          {labels.copy}
        </button>
      )}
      <span className="copy-status" role="status">
        {state === 'copied' ? labels.copied : state === 'failed' ? labels.failed : ''}
      </span>
    </div>
  );
}
