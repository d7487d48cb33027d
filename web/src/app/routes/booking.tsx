import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { PACKAGE_SLUGS } from '@domain/catalog';
import { BookingWizard } from '@/features/booking/components/booking-wizard';
import { usePageMeta } from '@/lib/page-meta';

const query = z.object({ package: z.enum(PACKAGE_SLUGS).nullable().catch(null) });

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Book Your Service', 'Choose a package and tree size, pick your installation and removal dates, and pay a 50% deposit online.');
  const { package: initialPackage } = query.parse({ package: params.get('package') });
  return <BookingWizard initialPackage={initialPackage} />;
}
