import { AboutPage } from '@/features/site/about/about-page';

/** `/about` (SPEC.md §2 About). */
export function Component() {
  return <AboutPage />;
}
