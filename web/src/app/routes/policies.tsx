import { PoliciesPage } from '@/features/site/policies/policies-page';

/** `/policies` (SPEC.md §2 Policies, anchors #payments #travel #arrival #scheduling #lights #removal #incidentals). */
export function Component() {
  return <PoliciesPage />;
}
