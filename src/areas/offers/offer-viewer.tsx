'use client';
import type { ReactNode } from 'react';
import { Enhanced } from '../../components/islands/enhance';
import type { Locale } from '../../i18n/locales';

// The offer page's per-visitor parts (decision 002): the server renders each kind of visitor's version, and
// for a signed-in visitor this island loads the part that asks what only they may see (its own chunk).
export type AppliedLabels = {
  /** "Postulaste el {{date}}." */
  applied: string;
  status: string;
  statuses: Record<string, string>;
  seeApplications: string;
  seeApplicationsHref: string;
  ownOffer: string;
};
export type OfferViewerProps = { part: 'box' | 'bar'; path: string; locale: Locale; labels: AppliedLabels };

const signedIn = () => document.documentElement.hasAttribute('data-session');

export function OfferViewer({ children, ...props }: OfferViewerProps & { children: ReactNode }) {
  return (
    <Enhanced load={() => import('./offer-viewer-impl')} props={props} when={signedIn}>
      {children}
    </Enhanced>
  );
}
