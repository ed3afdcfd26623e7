import { useEffect, useState, type ReactNode } from 'react';
import { fetchPageViewer } from '../../client/session-sync';
import { formatDate } from '../../i18n/format';
import type { OfferViewerProps } from './offer-viewer';

// What only the signed-in visitor sees on the offer page (decision 002): their application's status in the
// apply card (and no apply bar any more), or the note that the offer is their company's. Its own chunk,
// loaded only when the head script's hint says someone is signed in.
type ViewerState = { application: { status: string; createdAt: string | null } | null; own: boolean };

export default function OfferViewerImpl({ part, path, locale, labels, children }: OfferViewerProps & { children?: ReactNode }) {
  const [state, setState] = useState<ViewerState | null>(null);
  useEffect(() => {
    let live = true;
    void fetchPageViewer<ViewerState>(path).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [path]);
  const a = state?.application;
  if (part === 'bar') return a ? null : children;
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
