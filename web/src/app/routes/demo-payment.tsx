import { useSearchParams } from 'react-router-dom';
import { DemoPaymentPage } from '@/features/payment/demo-payment-page';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Demo payment');
  return <DemoPaymentPage sessionId={params.get('session_id')} />;
}
