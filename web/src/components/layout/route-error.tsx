import { Component, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { logError } from '@/lib/log';

/** What a failed page (or a chunk that failed to load) shows: a way back. */
export function RouteError() {
  return (
    <main className="container page">
      <h1>Something went wrong</h1>
      <p>Please reload the page. If it keeps happening, contact us and we will help you book.</p>
      <p>
        <Link to={paths.home} reloadDocument>
          Return home
        </Link>
      </p>
    </main>
  );
}

/** App-level error boundary: logs the error and shows RouteError. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    logError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
