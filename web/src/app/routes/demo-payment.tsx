import { useSearchParams } from '@/lib/router';
import { DemoPaymentPage } from '@/features/payment/demo-payment-page';
import { prefetchDemoSession } from '@/features/payment/api/demo-checkout';
import { usePageMeta } from '@/lib/page-meta';

/** The session is read as this module loads, before the page renders (web/src/lib/early-request.ts). */
function prefetch() {
  const sessionId = new URLSearchParams(window.location.search).get('session_id');
  if (sessionId) prefetchDemoSession(sessionId);
}
// In the browser only, never in the prerender (Vite's SSR build of entry-server.tsx).
if (!import.meta.env.SSR) prefetch();

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Demo payment');
  return <DemoPaymentPage sessionId={params.get('session_id')} />;
}
