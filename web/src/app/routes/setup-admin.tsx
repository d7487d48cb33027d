import { SetupAdminPage } from '@/admin/features/auth/setup-admin-page';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta('Set Up Admin', 'Create the first admin account of the Thoughtfully Adorned back office.', { noindex: true });
  return <SetupAdminPage />;
}
