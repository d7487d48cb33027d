import { useSearchParams } from 'react-router-dom';
import { MyBookingPage } from '@/features/my-booking/components/my-booking-page';
import { usePageMeta } from '@/lib/page-meta';
import { WaitlistJoinProvider } from '../waitlist-join-provider';

/** `/my-booking?token=…` (docs/decisions/027): the customer's own booking; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Your Booking', 'See, move or cancel your booking with the personal link we e-mailed you.', { noindex: true });
  const token = params.get('token')?.trim() || null;
  // The move form's full days offer 'Tell me if Saturday frees up' (web/src/lib/waitlist-join.ts).
  return (
    <WaitlistJoinProvider>
      <MyBookingPage token={token} />
    </WaitlistJoinProvider>
  );
}
