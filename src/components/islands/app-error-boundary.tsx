'use client';
import { useSetAtom } from 'jotai';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { appErrorHook } from '../../client/app-hooks';
import { navigationAtom } from '../../state/navigation';

// Catches render and navigation failures in the browser: shows the error screen (never a stack trace),
// turns the loading bar red and announces the error through the app-wide hook.
type Labels = { title: string; help: string; home: string; homeHref: string };
type Props = { labels: Labels; onError: () => void; children: ReactNode };

class Boundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('error caught during app rendering', error, info.componentStack);
    appErrorHook.emit(error);
    this.props.onError();
  }
  render() {
    if (!this.state.failed) return this.props.children;
    const { labels } = this.props;
    return (
      <main id="main" className="container error-screen">
        <p className="status">500</p>
        <h1>{labels.title}</h1>
        <p className="muted">{labels.help}</p>
        {/* A full load: it clears the error state along with everything else. */}
        <a className="btn btn-primary btn-md" href={labels.homeHref} onClick={() => this.setState({ failed: false })}>
          {labels.home}
        </a>
      </main>
    );
  }
}

export function AppErrorBoundary({ labels, children }: { labels: Labels; children: ReactNode }) {
  const setNav = useSetAtom(navigationAtom);
  return (
    <Boundary labels={labels} onError={() => setNav((n) => ({ phase: 'error', seq: n.seq }))}>
      {children}
    </Boundary>
  );
}
