import { PortfolioPage } from '@/features/site/portfolio/portfolio-page';

/** `/portfolio` (SPEC.md §2 Portfolio). */
export function Component() {
  return <PortfolioPage />;
}
