import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@/lib/router';
import { isAdminPath } from '@domain/admin/admin-links';
import { AfterHydration } from '@/lib/hydration';
import { usePageViews } from '@/lib/use-page-views';
import { useToastRaised } from '@/lib/toast';
import { useIdleAfterLoad } from '@/lib/after-load';
import { Header } from './header';
import { Footer } from './footer';
import { NavigationScroll } from './navigation-scroll';

// sonner weighs ~10 KB gzipped. The public pages raise their toasts through web/src/lib/toast.ts,
// which loads it with the first toast, and the Toaster mounts then (sonner replays toasts raised
// before its Toaster mounts, so nothing is lost while the chunk loads); the admin's screens, which
// import sonner themselves, have it at once (docs/architecture.md "What a page loads").
// It lives in the topmost open modal dialog while one is open (top-layer-toaster.tsx).
const Toaster = lazy(() => import('./top-layer-toaster').then((m) => ({ default: m.TopLayerToaster })));
// The update prompt (and the service worker's registration) is needed only after the page is
// interactive, so it is a chunk of its own too, out of every page's first script.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * The public layout: sticky header, the route's page (`children`), footer, toasts and the PWA update prompt.
 * `chrome={false}` leaves out the header and footer, for app screens with their own (the admin
 * dashboard on a phone needs the whole screen).
 */
export function SiteLayout({ chrome = true, children }: { chrome?: boolean; children: ReactNode }) {
  usePageViews();
  const { pathname } = useLocation();
  // Once mounted the Toaster stays, so a toast raised just before navigating (e.g. "Consultation
  // Requested" then home) is still shown.
  const toastRaised = useToastRaised();
  const [toasterWanted, setToasterWanted] = useState(() => isAdminPath(pathname));
  if (!toasterWanted && (toastRaised || isAdminPath(pathname))) setToasterWanted(true);
  // The service worker registers once the page has loaded and the browser idles (its install
  // downloads every precached file); the admin's at once, as it needs it to work offline.
  const workerWanted = useIdleAfterLoad(isAdminPath(pathname));

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The header, the page and the footer are Suspense boundaries: on a prerendered page React
          hydrates each in a pass of its own, in slices, instead of all at once in one long task;
          a click on one not hydrated yet hydrates it at once (docs/decisions/019). */}
      {chrome && (
        <Suspense fallback={null}>
          <Header />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          {children}
          <PageReady />
        </Suspense>
      </main>
      {chrome && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {/* Browser-only parts, never in the prerendered HTML (docs/decisions/019): the Toaster is a
          chunk of its own, and so is the update prompt, which registers the service worker as it renders
          (after the page has loaded and the browser idles, web/src/lib/after-load.ts). */}
      <AfterHydration>
        {toasterWanted && (
          <Suspense fallback={null}>
            {/* In the admin (no site header) toasts rise from the bottom: never over its Menu or status chip. */}
            <Toaster position={chrome ? 'top-center' : 'bottom-center'} richColors closeButton />
          </Suspense>
        )}
        {workerWanted && (
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        )}
      </AfterHydration>
      <NavigationScroll />
    </>
  );
}

/**
 * Marks when the page's controls work (html[data-app-ready]; e2e tests wait for it rather than
 * clicking static markup): prerendered pages paint before the app runs, and React hydrates the
 * page after the layout around it. Inside the page's Suspense boundary, after the page, so its
 * effect runs once the page is hydrated and its own mount effects have run (the state they set,
 * e.g. the booking wizard's ?package=, is rendered in the same task).
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export function PageLoading() {
  return (
    <div className="container page" role="status" aria-live="polite">
      <p>Loading…</p>
    </div>
  );
}
