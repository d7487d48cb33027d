import { useSearchParams } from '@/lib/router';
import { MyConsultationPage } from '@/features/consultation/components/my-consultation-page';
import { usePageMeta } from '@/lib/page-meta';

/** `/my-consultation?token=…`: the customer's own consultation request; never indexed. */
export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Your Consultation', 'See, move or cancel your free design consultation with the personal link we e-mailed you.', { noindex: true });
  const token = params.get('token')?.trim() || null;
  return <MyConsultationPage token={token} />;
}
