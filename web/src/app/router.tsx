import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteError } from '../components/layout/route-error';
import { paths } from './paths';

/**
 * Every route of SPEC.md §2. Each page is its own chunk (`lazy`), so the home page loads only
 * the layout and itself; booking, admin and payment code load on their routes.
 */
const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: () => import('./routes/home') },
      { path: paths.services, lazy: () => import('./routes/services') },
      { path: paths.booking, lazy: () => import('./routes/booking') },
      { path: paths.consultation, lazy: () => import('./routes/consultation') },
      { path: paths.portfolio, lazy: () => import('./routes/portfolio') },
      { path: paths.about, lazy: () => import('./routes/about') },
      { path: paths.faq, lazy: () => import('./routes/faq') },
      { path: paths.policies, lazy: () => import('./routes/policies') },
      { path: paths.termsPrivacy, lazy: () => import('./routes/terms-privacy') },
      { path: paths.submitReview, lazy: () => import('./routes/submit-review') },
      { path: paths.testimonials, lazy: () => import('./routes/testimonials') },
      { path: paths.adminLogin, lazy: () => import('./routes/admin-login') },
      { path: paths.adminDashboard, lazy: () => import('./routes/admin-dashboard') },
      { path: paths.setupAdmin, lazy: () => import('./routes/setup-admin') },
      { path: paths.bookingSuccess, lazy: () => import('./routes/booking-success') },
      { path: paths.bookingCancel, lazy: () => import('./routes/booking-cancel') },
      { path: paths.demoPayment, lazy: () => import('./routes/demo-payment') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
