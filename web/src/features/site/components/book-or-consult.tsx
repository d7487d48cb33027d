import { paths } from '@/lib/paths';
import { LinkButtons } from '@/components/ui/link-buttons';

/** The closing pair of calls to action on dark banners: book, or ask for a consultation. */
export function BookOrConsult() {
  return (
    <LinkButtons
      links={[
        { to: paths.booking, label: 'Book Your Service', className: 'button button--gold button--lg' },
        { to: paths.consultation, label: 'Request A Consultation', className: 'button button--ghost-light button--lg' },
      ]}
    />
  );
}
