'use client';
import { useEffect } from 'react';
import fontUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { constrainedConnection } from '../../client/route-preload';
import { WEB_FONT_KEY } from '../../domain/web-font';

// The web font, loaded into the browser's cache once the page is idle, for the next page loads (decision 093;
// the head script then names it first). Nothing when the visitor saves data or the network is 2G, like route
// payload preloading: the fallback face is the whole design there. Once per font file: the key keeps its
// address, so a new file (a new build of the font) is fetched once more.
const FIRST_MS = 1000;

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
    if (constrainedConnection((navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection))
      return;
    let idleId: number | undefined;
    // A FontFace that is not added to the document: loading it changes nothing on this page (no relayout),
    // and keeps the decoded file in the browser's memory cache, where the next page load finds it in time for
    // its first paint. A plain fetch or a prefetch link leaves it in the disk cache only, which Chromium does not
    // wait for with `font-display: optional` (measured: the next page drew the fallback).
    const fetchFont = () => {
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
    };
    const timer = setTimeout(
      () => {
        if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(fetchFont, { timeout: 2000 });
        else fetchFont();
      },
      Math.max(0, FIRST_MS - performance.now()),
    );
    return () => {
      clearTimeout(timer);
      if (idleId !== undefined) cancelIdleCallback(idleId);
    };
  }, []);
  return null;
}
