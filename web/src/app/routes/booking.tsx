import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { isPackageSlug } from '@domain/catalog';
import { BookingWizard, preloadLaterSteps } from '@/features/booking/components/booking-wizard';
import { renewalToken, type RenewalStatus } from '@/features/booking/renewal-status';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { usePageMeta } from '@/lib/page-meta';
import { WaitlistJoinProvider } from '../waitlist-join-provider';

/**
 * 'Reserve my week again' (renewal-prefill.ts): loaded only with a renewal link, or in a session
 * the wizard was filled from one, never with the wizard's first step.
 */
const renewalPrefill = onDemand(() => import('@/features/booking/renewal-prefill'));
const NO_RENEWAL: RenewalStatus = { kind: 'none' };
const RENEWAL_LOADING: RenewalStatus = { kind: 'loading' };

/**
 * A renewal link (?renewal=) is opened as this module loads, while the prerendered page
 * hydrates (web/src/lib/early-request.ts; its masked read already started with the HTML,
 * web/public/early-requests.js), and the later steps' chunks come with it: the wizard lands on
 * its review step.
 */
function prefetch() {
  const token = new URLSearchParams(window.location.search).get('renewal');
  if (!token) return;
  renewalPrefill.load().then(
    (m) => m.prefetchRenewal(token),
    () => undefined, // a failure shows when the page asks for it again
  );
  preloadLaterSteps();
}
// In the browser only, never in the prerender (Vite's SSR build of entry-server.tsx).
if (!import.meta.env.SSR) prefetch();

export function Component() {
  const [params, setParams] = useSearchParams();
  // /booking?renewal=token: the renewal e-mail's 'Reserve my week again' (renewal-prefill.ts).
  const token = params.get('renewal');
  const [renewal, setRenewal] = useState<RenewalStatus>(NO_RENEWAL);
  const prefill = useOnDemand(renewalPrefill);
  const { want } = prefill;
  // After hydration (which shows no renewal, as the prerendered page): a link, or a session filled from one, loads the renewal's code.
  const [renewing, setRenewing] = useState(false);
  useEffect(() => {
    if (!token && !renewalToken()) return;
    setRenewing(true);
    if (token) setRenewal(RENEWAL_LOADING);
    want();
  }, [token, want]);
  const Prefill = renewing ? prefill.value?.RenewalPrefill : undefined;
  usePageMeta('Book Your Service', 'Choose a package and tree size, pick your installation and removal dates, and pay a 50% deposit online.');
  // /booking?package=slug preselects a package; anything else is ignored.
  const slug = params.get('package');
  // A full day offers the waitlist (web/src/lib/waitlist-join.ts); the owner's phone booking does not provide it.
  return (
    <WaitlistJoinProvider>
      {Prefill && <Prefill token={token} done={() => setParams({}, { replace: true })} onStatus={setRenewal} />}
      <BookingWizard initialPackage={isPackageSlug(slug) ? slug : null} renewal={renewal} />
    </WaitlistJoinProvider>
  );
}
