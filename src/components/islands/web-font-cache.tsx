'use client';
import { useEffect } from 'react';
import fontUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { savingData, whenIdleAfterLoad } from '../../client/idle-work';
import { WEB_FONT_KEY } from '../../domain/web-font';

// The web font, loaded into the browser's cache once the page is idle, for the next page loads (decision 093;
// the head script then names it first). Nothing when the visitor saves data or the network is 2G, like route
// payload preloading: the fallback face is the whole design there. Once per font file: the key keeps its
// address, so a new file (a new build of the font) is fetched once more.
function storedFont(): string | null {
  try {
    return localStorage.getItem(WEB_FONT_KEY);
  } catch {
    return null;
  }
}

export function WebFontCache() {
  useEffect(() => {
    if (storedFont() === fontUrl) return;
    if (savingData()) return;
    // A FontFace that is not added to the document: loading it changes nothing on this page (no relayout),
    // and keeps the decoded file in the browser's memory cache, where the next page load finds it in time for
    // its first paint. A plain fetch or a prefetch link leaves it in the disk cache only, which Chromium does not
    // wait for with `font-display: optional` (measured: the next page drew the fallback).
    return whenIdleAfterLoad(
      () => {
        new FontFace('Inter Variable', `url(${fontUrl}) format('woff2')`, { weight: '100 900' })
          .load()
          .then(() => {
            try {
              localStorage.setItem(WEB_FONT_KEY, fontUrl);
            } catch {
              // No storage (a private window): every page keeps the fallback face.
            }
          })
          .catch(() => {}); // offline, or the file is gone with an old build: the fallback face stays
      },
      { timeoutMs: 2000 },
    );
  }, []);
  return null;
}
