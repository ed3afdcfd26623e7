// Loaded with each enhanced part's chunk (enhance.tsx), never before hydration.

/**
 * Runs `swap` now, or once the press in progress is over: a node pressed, then replaced before the release
 * gets no click. The click does what it does on the server-rendered HTML (a radio is checked, a form sent;
 * the chunk's `capture` keeps it). A press that ends without a click (dragged away) leaves the swap to the next.
 */
export function afterPress(swap: () => void) {
  if (!document.querySelector(':active')) return swap();
  addEventListener(
    'click',
    (e) =>
      setTimeout(() => {
        const pressed = e.target as Element;
        const was = pressed.isConnected;
        swap();
        // A pointer's press on an inert stand-in button, taken away by this swap: it goes on to the control
        // drawn in its place.
        if (was && !pressed.isConnected && e.detail && pressed.closest('[type=button]'))
          (document.elementFromPoint(e.clientX, e.clientY)?.closest('button') as HTMLElement | null)?.click();
      }),
    { capture: true, once: true },
  );
}
