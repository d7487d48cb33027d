import { ConsultationPage } from '@/features/consultation/components/consultation-page';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta('Request a Free Consultation', 'Book a free design consultation on a Wednesday during the season: choose a date and a half-hour time online.');
  return <ConsultationPage />;
}
