import { useSearchParams } from 'react-router-dom';
import { BookingSuccessPage } from '../../features/payment/booking-success-page';
import { usePageMeta } from '../../lib/page-meta';

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Booking confirmation');
  return <BookingSuccessPage sessionId={params.get('session_id')} />;
}
