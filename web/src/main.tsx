import './lib/zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A prerendered page (scripts/prerender.mjs) carries the instant it was rendered at; the app
// shell's empty root (admin, unlisted paths, the service worker's fallback) does not.
const renderedAt = root.dataset.renderedAt ? Date.parse(root.dataset.renderedAt) : null;

// The first page's module is loaded before rendering, so the first render is the page itself,
// never a loading state: hydration then finds exactly the prerendered markup.
void preloadPage(window.location.pathname)
  .catch((error: unknown) => console.error(error)) // the error boundary shows the failure
  .then(() => {
    const app = (
      <BrowserRouter>
        <App renderedAt={renderedAt} />
      </BrowserRouter>
    );
    // Both in a transition, so React renders in slices and yields to the browser between them
    // rather than in one long task (total blocking time); hydration included.
    if (renderedAt !== null) {
      startTransition(() => void hydrateRoot(root, app));
      return;
    }
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  });
