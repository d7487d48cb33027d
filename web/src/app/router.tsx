import { lazy, type ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../lib/paths';

type PageModule = { Component: ComponentType };

interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  /** A full-screen app page without the public header and footer (the admin dashboard). */
  bare?: boolean;
}

/**
 * Every route of SPEC.md §2. Each page is its own chunk, so the home page loads only the
 * layout and itself; booking, admin and payment code load on their routes.
 *
 * Declarative <Routes> rather than createBrowserRouter: the data router's loader/action
 * machinery, which this app does not use, weighs ~17 kB gzipped on every page (issue 3 budget).
 */
const PAGES: PageRoute[] = [
  { path: paths.home, load: () => import('./routes/home') },
  { path: paths.services, load: () => import('./routes/services') },
  { path: paths.booking, load: () => import('./routes/booking') },
  { path: paths.consultation, load: () => import('./routes/consultation') },
  { path: paths.portfolio, load: () => import('./routes/portfolio') },
  { path: paths.about, load: () => import('./routes/about') },
  { path: paths.faq, load: () => import('./routes/faq') },
  { path: paths.policies, load: () => import('./routes/policies') },
  { path: paths.termsPrivacy, load: () => import('./routes/terms-privacy') },
  { path: paths.submitReview, load: () => import('./routes/submit-review') },
  { path: paths.testimonials, load: () => import('./routes/testimonials') },
  { path: paths.adminLogin, load: () => import('./routes/admin-login') },
  { path: paths.adminDashboard, load: () => import('./routes/admin-dashboard'), bare: true },
  { path: paths.setupAdmin, load: () => import('./routes/setup-admin') },
  { path: paths.bookingSuccess, load: () => import('./routes/booking-success') },
  { path: paths.bookingCancel, load: () => import('./routes/booking-cancel') },
  { path: paths.demoPayment, load: () => import('./routes/demo-payment') },
  { path: '*', load: () => import('./routes/not-found') },
];

// The page of the first URL is loaded before the first render (preloadPage) and rendered
// directly, so the first paint never shows a loading state over prerendered markup. Other pages
// are React.lazy; navigations run in a transition, so the old page stays until the new one is ready.
const preloaded = new Map<string, ComponentType>();
const lazyPages = new Map(PAGES.map((p) => [p.path, lazy(() => p.load().then((m) => ({ default: m.Component })))]));

function Page({ path }: { path: string }) {
  const Ready = preloaded.get(path);
  const Lazy = lazyPages.get(path);
  if (Ready) return <Ready />;
  return Lazy ? <Lazy /> : null;
}

/** Loads the page module that `pathname` will render. Call before the first render. */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(PAGES.map((p) => ({ path: p.path })), pathname)?.[0];
  const page = PAGES.find((p) => p.path === match?.route.path);
  if (!page) return;
  const module = await page.load();
  preloaded.set(page.path, module.Component);
}

/** The app's routes, all inside the site layout (bare pages without its header and footer). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {PAGES.filter((p) => !p.bare).map((p) => (
          <Route key={p.path} path={p.path} element={<Page path={p.path} />} />
        ))}
      </Route>
      <Route element={<SiteLayout chrome={false} />}>
        {PAGES.filter((p) => p.bare).map((p) => (
          <Route key={p.path} path={p.path} element={<Page path={p.path} />} />
        ))}
      </Route>
    </Routes>
  );
}
