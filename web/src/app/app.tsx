import { StrictMode } from 'react';
import { AppErrorBoundary } from '../components/layout/route-error';
import { RenderedAtContext } from '../lib/hydration';
import { AppRoutes } from './router';

/**
 * The whole app inside a router: the same tree for the browser (main.tsx, BrowserRouter) and
 * for the prerender (entry-server.tsx, StaticRouter), so hydration finds the markup it renders.
 * `renderedAt` is the instant the prerendered HTML was rendered at (null when not hydrating it).
 */
export function App({ renderedAt }: { renderedAt: number | null }) {
  return (
    <StrictMode>
      <RenderedAtContext.Provider value={renderedAt}>
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </RenderedAtContext.Provider>
    </StrictMode>
  );
}
