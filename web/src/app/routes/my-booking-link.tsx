import { SendLinkForm } from '@/features/my-booking/components/send-link-form';
import { usePageMeta } from '@/lib/page-meta';

/** `/my-booking/link` (docs/decisions/027): "E-mail me my link", the manage link sent again; never indexed. */
export function Component() {
  usePageMeta('E-mail me my link', 'Have the link to your booking e-mailed to you again.', { noindex: true });
  return <SendLinkForm />;
}
