import { PortfolioPage } from '@/features/site/portfolio/portfolio-page';

/** `/portfolio` (docs/product.md §2 Portfolio). */
export function Component() {
  return <PortfolioPage />;
}
