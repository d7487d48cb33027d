import { useSearchParams } from '@/lib/router';
import { z } from 'zod';
import { SubmitReviewPage } from '@/features/reviews/components/submit-review-page';
import { usePageMeta } from '@/lib/page-meta';

const query = z.object({ token: z.string().trim().min(1).nullable().catch(null) });

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Leave a Review', 'Share how your tree turned out with the personal link we e-mailed you.', { noindex: true });
  const { token } = query.parse({ token: params.get('token') });
  return <SubmitReviewPage token={token} />;
}
