import { ConsultationPage, prefetchConsultationCalendar } from '@/features/consultation/components/consultation-page';
import { usePageMeta } from '@/lib/page-meta';

// The calendar's data and chunk are fetched as this module loads in the browser (never in the
// prerender, Vite's SSR build of entry-server.tsx), while the prerendered page hydrates.
if (!import.meta.env.SSR) prefetchConsultationCalendar();

export function Component() {
  usePageMeta('Request a Free Consultation', 'Book a free design consultation on a Wednesday during the season: choose a date and a half-hour time online.');
  return <ConsultationPage />;
}
