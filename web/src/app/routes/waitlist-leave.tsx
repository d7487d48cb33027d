import { useSearchParams } from '@/lib/router';
import { LeavePage } from '@/features/waitlist/components/leave-page';
import { usePageMeta } from '@/lib/page-meta';

/** `/waitlist/leave?token=…`: leaving the waitlist from the joined e-mail's link; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Leave the Waitlist', 'Leave the waitlist for a day with the link we e-mailed you.', { noindex: true });
  return <LeavePage token={params.get('token')?.trim() || null} />;
}
