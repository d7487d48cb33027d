import { lazy, type ComponentType } from 'react';
import { samePath, useLocation } from '@/lib/router';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../lib/paths';

type PageModule = { Component: ComponentType };

/** The route modules (./routes/<name>.tsx), each loaded on demand as its own chunk. */
const ROUTE_MODULES = import.meta.glob<PageModule>('./routes/*.tsx');

interface PageRoute {
  path: string;
  /** File name of its module under ./routes, without the extension. */
  module: string;
  /** A full-screen app page without the public header and footer (the admin dashboard). */
  bare?: boolean;
}

/**
 * Every route of docs/product.md §2. Each page is its own chunk, so the home page loads only the
 * layout and itself; booking, admin and payment code load on their routes.
 *
 * Every path is static: a page is found by its path alone (`pageOf`), with the app's own small
 * router (web/src/lib/router.tsx, docs/decisions/065) rather than React Router, whose 13.6 kB
 * gzipped every page loaded before idle (docs/decisions/006 budget).
 */
const PAGES: PageRoute[] = [
  { path: paths.home, module: 'home' },
  { path: paths.services, module: 'services' },
  { path: paths.booking, module: 'booking' },
  { path: paths.consultation, module: 'consultation' },
  { path: paths.portfolio, module: 'portfolio' },
  { path: paths.about, module: 'about' },
  { path: paths.faq, module: 'faq' },
  { path: paths.policies, module: 'policies' },
  { path: paths.termsPrivacy, module: 'terms-privacy' },
  { path: paths.submitReview, module: 'submit-review' },
  { path: paths.testimonials, module: 'testimonials' },
  { path: paths.adminLogin, module: 'admin-login' },
  { path: paths.adminResetPassword, module: 'admin-reset-password' },
  { path: paths.adminDashboard, module: 'admin-dashboard', bare: true },
  { path: paths.adminNewBooking, module: 'admin-new-booking', bare: true },
  { path: paths.setupAdmin, module: 'setup-admin' },
  { path: paths.bookingSuccess, module: 'booking-success' },
  { path: paths.bookingCancel, module: 'booking-cancel' },
  { path: paths.demoPayment, module: 'demo-payment' },
  { path: paths.myBooking, module: 'my-booking' },
  { path: paths.myBookingLink, module: 'my-booking-link' },
  { path: paths.myConsultation, module: 'my-consultation' },
  { path: paths.unsubscribe, module: 'unsubscribe' },
  { path: paths.waitlistOffer, module: 'waitlist-offer' },
  { path: paths.waitlistLeave, module: 'waitlist-leave' },
  { path: '*', module: 'not-found' },
];

function loadPage(page: PageRoute): Promise<PageModule> {
  const load = ROUTE_MODULES[`./routes/${page.module}.tsx`];
  if (!load) throw new Error(`No route module ./routes/${page.module}.tsx`);
  return load();
}

/** The page `pathname` renders (the not-found page for unknown paths). */
function pageOf(pathname: string): PageRoute {
  return PAGES.find((p) => p.path !== '*' && samePath(pathname, p.path)) ?? PAGES.find((p) => p.path === '*')!;
}

/**
 * The source of the module `pathname` renders, as Vite's manifest names it (e.g.
 * 'src/app/routes/home.tsx'): the prerender looks up the page's stylesheets with it.
 */
export function pageModuleSource(pathname: string): string {
  return `src/app/routes/${pageOf(pathname).module}.tsx`;
}

// The page of the first URL is loaded before the first render (preloadPage) and rendered
// directly, so the first paint never shows a loading state over prerendered markup. Other pages
// are React.lazy; navigations run in a transition, so the old page stays until the new one is ready.
const preloaded = new Map<string, ComponentType>();
const lazyPages = new Map(PAGES.map((p) => [p.path, lazy(() => loadPage(p).then((m) => ({ default: m.Component })))]));

function Page({ path }: { path: string }) {
  const Ready = preloaded.get(path);
  const Lazy = lazyPages.get(path);
  if (Ready) return <Ready />;
  return Lazy ? <Lazy /> : null;
}

/** Loads the page module that `pathname` will render. Call before the first render. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = pageOf(pathname);
  const module = await loadPage(page);
  preloaded.set(page.path, module.Component);
}

/**
 * The page of the current path inside the site layout (bare pages without its header and
 * footer). The layout stays mounted from page to page, as React Router's layout route did.
 */
export function AppRoutes() {
  const page = pageOf(useLocation().pathname);
  return (
    <SiteLayout chrome={!page.bare}>
      <Page path={page.path} />
    </SiteLayout>
  );
}
