'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { fetchPageViewer } from '../../client/session-sync';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';

// The offer page is one HTML for every visitor (decision 002). The server renders the box for each kind of
// visitor (CSS shows the one the head script's hint names); this island asks what only this visitor may see
// (their application, whether the offer is their company's) and shows it in place.
type ViewerState = { application: { status: string; createdAt: string | null } | null; own: boolean };

export type AppliedLabels = {
  /** "Postulaste el {{date}}." */
  applied: string;
  status: string;
  statuses: Record<string, string>;
  seeApplications: string;
  seeApplicationsHref: string;
  ownOffer: string;
};

function useViewerState(path: string): ViewerState | null {
  const [state, setState] = useState<ViewerState | null>(null);
  useEffect(() => {
    let live = true;
    void fetchPageViewer<ViewerState>(path).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [path]);
  return state;
}

/** The signed-in visitor's box: their application's status, the own-offer note, or what the server rendered. */
export function OfferViewerBox({
  path,
  locale,
  labels,
  children,
}: {
  path: string;
  locale: Locale;
  labels: AppliedLabels;
  children: ReactNode;
}) {
  const state = useViewerState(path);
  const a = state?.application;
  if (a) {
    return (
      <div className="alert alert-success" role="status" data-testid="application-status">
        <p>{labels.applied.replace('{{date}}', a.createdAt ? formatDate(a.createdAt, locale) : '')}</p>
        <p>
          {labels.status}: <strong>{labels.statuses[a.status] ?? a.status}</strong> ·{' '}
          <a href={labels.seeApplicationsHref}>{labels.seeApplications}</a>
        </p>
      </div>
    );
  }
  if (state?.own) return <p className="notice">{labels.ownOffer}</p>;
  return children;
}

/** The phone's apply bar, gone once this visitor has applied. */
export function ApplyBarGate({ path, children }: { path: string; children: ReactNode }) {
  const state = useViewerState(path);
  return state?.application ? null : children;
}
