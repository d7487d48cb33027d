import { Link } from 'react-router-dom';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta('Booking Cancelled');
  return (
    <div className="container page page--center">
      <h1>Booking Cancelled</h1>
      <p className="lead">Your payment was cancelled and no charges were made. Your choices are saved if you want to try again.</p>
      <div className="button-row">
        <Link to={paths.booking} className="button button--primary">
          Try Again
        </Link>
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
