'use client';
import type { ComponentProps } from 'react';
import BuildUpdateBanner from './build-update-banner-impl';
import RoutePreload from './route-preload-impl';

// What the root layout starts about 1 s after load, as one chunk loaded after hydration through
// <Enhance kind="after-load">: the new-build check and route payload preloading (decision 068). One entry in
// Enhance's table for both: each entry is paid for in the content pages' JS budget.
export default function AfterLoad(props: ComponentProps<typeof BuildUpdateBanner>) {
  return (
    <>
      <RoutePreload />
      <BuildUpdateBanner {...props} />
    </>
  );
}
