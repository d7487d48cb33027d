import { useSearchParams } from '@/lib/router';
import { TestimonialsPage } from '@/features/reviews/components/testimonials-page';
import { parseTestimonialQuery, testimonialSearch } from '@/features/reviews/testimonial-query';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const [params, setParams] = useSearchParams();
  usePageMeta('Testimonials', 'Reviews from families whose Christmas trees we decorated, installed and removed: their ratings and stories.');
  return <TestimonialsPage query={parseTestimonialQuery(params)} onQueryChange={(next) => setParams(testimonialSearch(next))} />;
}
