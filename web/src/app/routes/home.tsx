import { HomePage } from '@/features/site/home/home-page';

/** `/` (SPEC.md §2 Home). */
export function Component() {
  return <HomePage />;
}
