import { PoliciesPage } from '@/features/site/policies/policies-page';

/** `/policies` (docs/product.md §2 Policies, anchors #payments #travel #arrival #scheduling #lights #removal #incidentals). */
export function Component() {
  return <PoliciesPage />;
}
