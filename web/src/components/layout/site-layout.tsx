import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'sonner';
import { Header } from './header';
import { Footer } from './footer';
import { UpdatePrompt } from './update-prompt';

/** The public layout: sticky header, the route's page, footer, toasts and the PWA update prompt. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster position="top-center" richColors closeButton />
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}

export function PageLoading() {
  return (
    <div className="container page" role="status" aria-live="polite">
      <p>Loading…</p>
    </div>
  );
}
