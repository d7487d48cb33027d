import { TermsPrivacyPage } from '@/features/site/terms/terms-privacy-page';

/** `/terms-privacy` (docs/product.md §2 Terms & Privacy). */
export function Component() {
  return <TermsPrivacyPage />;
}
