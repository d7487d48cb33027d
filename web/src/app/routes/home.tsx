import { lazy, Suspense } from 'react';
import { HomePage } from '@/features/site/home/home-page';

// The featured reviews load after the page's own script, with their data: they show nothing
// until the reviews arrive, so Home's first script leaves them out (docs/decisions/006 budget).
const FeaturedReviews = lazy(() => import('@/features/reviews/components/featured-reviews').then((m) => ({ default: m.FeaturedReviews })));

/** `/` (docs/product.md §2 Home), with the featured reviews. */
export function Component() {
  return (
    <HomePage
      reviews={
        <Suspense fallback={null}>
          <FeaturedReviews />
        </Suspense>
      }
    />
  );
}
