import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** The closing pair of calls to action on dark banners: book, or ask for a consultation. */
export function BookOrConsult() {
  return (
    <div className="button-row">
      <Link to={paths.booking} className="button button--gold button--lg">
        Book Your Service
      </Link>
      <Link to={paths.consultation} className="button button--ghost-light button--lg">
        Request A Consultation
      </Link>
    </div>
  );
}
