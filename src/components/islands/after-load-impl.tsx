'use client';
import type { ComponentProps } from 'react';
import BuildUpdateBanner from './build-update-banner-impl';
import { LoadingBar } from './loading-bar';
import { RouteTracker } from './route-tracker';
import RoutePreload from './route-preload-impl';
import { WebFontCache } from './web-font-cache';

// What the root layout starts right after hydration, as one chunk through <Enhance kind="after-load">: the
// navigation loading bar (it replaces its idle stand-in), the route tracker (page views, <html lang>, the
// locale cookie), and, about 1 s later, the new-build check, route payload preloading (decision 068) and the
// web font's fetch into the cache (decision 093). One entry in Enhance's table for all five: everything in the first chunk is paid for in the content pages'
// JS budget, and none of these is needed before the page can be read.
export default function AfterLoad(props: ComponentProps<typeof BuildUpdateBanner>) {
  return (
    <>
      <LoadingBar />
      <RouteTracker />
      <RoutePreload />
      <WebFontCache />
      <BuildUpdateBanner {...props} />
    </>
  );
}
