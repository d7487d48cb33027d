import { useSearchParams } from '@/lib/router';
import { ResetPasswordPage } from '@/admin/features/auth/reset-password-page';
import { usePageMeta } from '@/lib/page-meta';

/** `/admin/reset-password?token=…` (docs/decisions/034): a new admin password from the reset e-mail's link; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Choose a New Password', 'Choose a new password for your Thoughtfully Adorned admin account.', { noindex: true });
  const token = params.get('token')?.trim() || null;
  return <ResetPasswordPage token={token} />;
}
