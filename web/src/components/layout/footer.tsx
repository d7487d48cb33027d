import { Link } from 'react-router-dom';
import { BUSINESS } from '@domain/business';
import { paths } from '../../app/paths';

/** Site footer (SPEC.md §2 Header and footer). */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>{BUSINESS.name} · {BUSINESS.town}, {BUSINESS.state}</p>
        <p>
          <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> · <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a>
        </p>
        <p>© {new Date().getFullYear()} {BUSINESS.name} · <Link to={paths.adminLogin}>Admin</Link></p>
      </div>
    </footer>
  );
}
