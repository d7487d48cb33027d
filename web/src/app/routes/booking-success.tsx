import { useSearchParams } from 'react-router-dom';
import { BookingSuccessPage } from '@/features/payment/booking-success-page';
import { recordEvent } from '@/lib/analytics';
import { usePageMeta } from '@/lib/page-meta';

/** docs/product.md §4 Payment result: a confirmed payment records a conversion for /booking/success. */
function recordConversion(sessionId: string) {
  void recordEvent('conversion', '/booking/success', { converted: true, metadata: { session_id: sessionId } });
}

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Booking confirmation');
  return <BookingSuccessPage sessionId={params.get('session_id')} onConfirmed={recordConversion} />;
}
