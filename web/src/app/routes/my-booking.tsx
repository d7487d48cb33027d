import { useSearchParams } from '@/lib/router';
import { MyBookingPage } from '@/features/my-booking/components/my-booking-page';
import { prefetchMyBooking } from '@/features/my-booking/api/my-booking';
import { usePageMeta } from '@/lib/page-meta';
import { WaitlistJoinProvider } from '../waitlist-join-provider';

/** The link's token in `search` (the page's query), or null. */
const tokenOf = (search: URLSearchParams) => search.get('token')?.trim() || null;

/** The booking is read as this module loads, while the prerendered page hydrates (web/src/lib/early-request.ts). */
function prefetch() {
  const token = tokenOf(new URLSearchParams(window.location.search));
  if (token) prefetchMyBooking(token);
}
// In the browser only, never in the prerender (Vite's SSR build of entry-server.tsx).
if (!import.meta.env.SSR) prefetch();

/** `/my-booking?token=…` (docs/decisions/027): the customer's own booking; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Your Booking', 'See, move or cancel your booking with the personal link we e-mailed you.', { noindex: true });
  const token = tokenOf(params);
  // The move form's full days offer 'Tell me if Saturday frees up' (web/src/lib/waitlist-join.ts).
  return (
    <WaitlistJoinProvider>
      <MyBookingPage token={token} />
    </WaitlistJoinProvider>
  );
}
