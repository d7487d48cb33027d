import { ServicesPage } from '@/features/site/services/services-page';

/** `/services` (docs/product.md §2 Services & Pricing, anchors #packages #upgrades #luxe-finish #ornament-guidance). */
export function Component() {
  return <ServicesPage />;
}
