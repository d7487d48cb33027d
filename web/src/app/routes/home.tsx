import { FeaturedReviews } from '@/features/reviews/components/featured-reviews';
import { HomePage } from '@/features/site/home/home-page';

/** `/` (docs/product.md §2 Home), with the featured reviews. */
export function Component() {
  return <HomePage reviews={<FeaturedReviews />} />;
}
