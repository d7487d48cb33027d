import { HomePage } from '@/features/site/home/home-page';

/** `/` (docs/product.md §2 Home). */
export function Component() {
  return <HomePage />;
}
