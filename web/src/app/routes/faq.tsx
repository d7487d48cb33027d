import { FaqPage } from '@/features/site/faq/faq-page';

/** `/faq` (docs/product.md §2 FAQ). */
export function Component() {
  return <FaqPage />;
}
