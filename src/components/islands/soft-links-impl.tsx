'use client';
import { useEffect } from 'react';
import { useRouter } from 'waku';

// Client navigation for links written as markup strings (a salary table's rows, decision 032), loaded after
// hydration through <Enhance kind="soft-links"> (content pages have a JS budget): a plain left
// click on a same-origin link inside a salary table goes through the router, as a Link's would; modified
// clicks, other targets and downloads keep the browser's behaviour. One listener per document however many
// tables mount; the router of the last one mounted is used (they are all the page's router).
const SELECTOR = '.salary-table a[href]';
let push: ((to: string) => unknown) | null = null;
let mounted = 0;

function onClick(e: MouseEvent) {
  if (!push || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.(SELECTOR) as HTMLAnchorElement | null;
  if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  void push(url.pathname + url.search + url.hash);
}

export default function SoftLinks() {
  const router = useRouter();
  useEffect(() => {
    // The href is one of our own pages (the table was built from the route table), not a typed route here.
    push = (to) => router.push(to as unknown as Parameters<typeof router.push>[0]);
    if (mounted++ === 0) document.addEventListener('click', onClick);
    return () => {
      if (--mounted === 0) {
        document.removeEventListener('click', onClick);
        push = null;
      }
    };
  }, [router]);
  return null;
}
