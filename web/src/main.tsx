import '@domain/zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './styles/global.css';
import { logError } from '@/lib/log';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A prerendered page (scripts/build/prerender.mjs) carries the instant it was rendered at; the app
// shell's empty root (admin, unlisted paths, the service worker's fallback) does not.
const renderedAt = root.dataset.renderedAt ? Date.parse(root.dataset.renderedAt) : null;

// The first page's module is loaded before rendering, so the first render is the page itself,
// never a loading state: hydration then finds exactly the prerendered markup.
void preloadPage(window.location.pathname)
  .catch((error: unknown) => logError(error)) // the error boundary shows the failure
  .then(() => {
    const app = (
      <BrowserRouter>
        <App renderedAt={renderedAt} />
      </BrowserRouter>
    );
    // Hydration is not in a transition: React then hydrates the page's Suspense boundary (the
    // page itself) in a pass of its own, in slices, and a click that lands on it before that
    // pass is hydrated at once and handled; in a transition such a click was lost. A fresh
    // render goes in a transition, so React renders in slices rather than one long task.
    if (renderedAt !== null) {
      hydrateRoot(root, app);
      return;
    }
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  });
