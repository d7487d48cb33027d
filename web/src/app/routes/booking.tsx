import { useSearchParams } from '@/lib/router';
import { isPackageSlug } from '@domain/catalog';
import { BookingWizard, preloadLaterSteps } from '@/features/booking/components/booking-wizard';
import { prefetchRenewal, useRenewalPrefill } from '@/features/booking/renewal-prefill';
import { usePageMeta } from '@/lib/page-meta';
import { WaitlistJoinProvider } from '../waitlist-join-provider';

/**
 * A renewal link (?renewal=) is opened as this module loads, while the prerendered page
 * hydrates (web/src/lib/early-request.ts), and the later steps' chunks come with it: the wizard
 * lands on its review step.
 */
function prefetch() {
  const token = new URLSearchParams(window.location.search).get('renewal');
  if (!token) return;
  prefetchRenewal(token);
  preloadLaterSteps();
}
// In the browser only, never in the prerender (Vite's SSR build of entry-server.tsx).
if (!import.meta.env.SSR) prefetch();

export function Component() {
  const [params, setParams] = useSearchParams();
  // /booking?renewal=token: the renewal e-mail's 'Reserve my week again' (renewal-prefill.ts).
  const renewal = useRenewalPrefill(params.get('renewal'), () => setParams({}, { replace: true }));
  usePageMeta('Book Your Service', 'Choose a package and tree size, pick your installation and removal dates, and pay a 50% deposit online.');
  // /booking?package=slug preselects a package; anything else is ignored.
  const slug = params.get('package');
  // A full day offers the waitlist (web/src/lib/waitlist-join.ts); the owner's phone booking does not provide it.
  return (
    <WaitlistJoinProvider>
      <BookingWizard initialPackage={isPackageSlug(slug) ? slug : null} renewal={renewal} />
    </WaitlistJoinProvider>
  );
}
