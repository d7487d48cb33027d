import { LoginPage } from '@/admin/features/auth/login-page';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta('Admin Login', 'Sign in to the Thoughtfully Adorned back office.', { noindex: true });
  return <LoginPage />;
}
