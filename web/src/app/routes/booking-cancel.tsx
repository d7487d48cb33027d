import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { LinkButtons } from '@/components/ui/link-buttons';

export function Component() {
  usePageMeta('Booking Cancelled');
  return (
    <div className="container page page--center">
      <h1>Booking Cancelled</h1>
      <p className="lead">Your payment was cancelled and no charges were made. Your choices are saved if you want to try again.</p>
      <LinkButtons
        links={[
          { to: paths.booking, label: 'Try Again', className: 'button button--primary' },
          { to: paths.home, label: 'Return to Home', className: 'button' },
        ]}
      />
    </div>
  );
}
