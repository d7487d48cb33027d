import { FaqPage } from '@/features/site/faq/faq-page';

/** `/faq` (SPEC.md §2 FAQ). */
export function Component() {
  return <FaqPage />;
}
