import type { NavigationState } from '../../state/navigation';

/** The bar itself: drawn by the server as an idle stand-in, and by LoadingBar once its chunk has loaded
 * (`ready`: tests wait for it). */
export function LoadingBarView({
  phase,
  visible,
  progress,
  ready,
}: {
  phase: NavigationState['phase'];
  visible: boolean;
  progress: number;
  ready?: boolean;
}) {
  return (
    <div
      className={`loading-bar${phase === 'error' ? ' error' : ''}`}
      data-testid="loading-bar"
      data-phase={phase}
      data-ready={ready ? 'true' : undefined}
      aria-hidden="true"
      style={{ opacity: visible ? 1 : 0, transform: `scaleX(${progress / 100})` }}
    />
  );
}
