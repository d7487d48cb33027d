import { useSearchParams } from '@/lib/router';
import { SubmitReviewPage } from '@/features/reviews/components/submit-review-page';
import { usePageMeta } from '@/lib/page-meta';

/** `/submit-review?token=…` (docs/product.md §2 Testimonials): the review form of an e-mailed link; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Leave a Review', 'Share how your tree turned out with the personal link we e-mailed you.', { noindex: true });
  // The e-mailed link's token, or null without one: a hand check, so the page loads no zod
  // before idle (docs/architecture.md "What a page loads").
  const token = params.get('token')?.trim() || null;
  return <SubmitReviewPage token={token} />;
}
