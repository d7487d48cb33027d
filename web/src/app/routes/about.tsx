import { AboutPage } from '@/features/site/about/about-page';

/** `/about` (docs/product.md §2 About). */
export function Component() {
  return <AboutPage />;
}
