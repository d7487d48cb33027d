import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { REVIEW_STAGES } from '@domain/reviews';
import type { TestimonialQuery } from '@/features/reviews/api/get-testimonials';
import { TestimonialsPage } from '@/features/reviews/components/testimonials-page';
import { usePageMeta } from '@/lib/page-meta';

// Filters and page live in the URL (?rating=5&stage=post_removal&page=2), so they survive a
// reload and the back button; anything malformed falls back to "all" and page 1.
const query = z.object({
  rating: z.coerce.number().int().min(1).max(5).nullable().catch(null),
  stage: z.enum(REVIEW_STAGES).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export function Component() {
  const [params, setParams] = useSearchParams();
  usePageMeta('Testimonials', 'Reviews from families whose Christmas trees we decorated, installed and removed: their ratings and stories.');
  const q: TestimonialQuery = query.parse({
    rating: params.get('rating') || null,
    stage: params.get('stage') || null,
    page: params.get('page') ?? 1,
  });
  const onQueryChange = (next: TestimonialQuery) => {
    const p = new URLSearchParams();
    if (next.rating) p.set('rating', String(next.rating));
    if (next.stage) p.set('stage', next.stage);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  return <TestimonialsPage query={q} onQueryChange={onQueryChange} />;
}
