import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadPage } from './app/router';
import { AppErrorBoundary } from './components/layout/route-error';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first page's module is loaded before rendering, so the first commit replaces prerendered
// markup (scripts/prerender.mjs) with the same page instead of a loading state. A transition
// lets React render in slices rather than one long task (total blocking time).
void preloadPage(window.location.pathname)
  .catch((error: unknown) => console.error(error)) // the error boundary shows the failure
  .then(() => {
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <BrowserRouter>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
