import { Link, NavLink } from 'react-router-dom';
import { BUSINESS } from '@domain/business';
import { paths } from '../../app/paths';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.services, label: 'Services & Pricing' },
  { to: paths.policies, label: 'Policies' },
  { to: paths.portfolio, label: 'Portfolio' },
  { to: paths.about, label: 'About' },
  { to: paths.faq, label: 'FAQ' },
];

/** Sticky site header with the main links and the Book Your Service button (SPEC.md §2). */
export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">{BUSINESS.name}</Link>
        <nav aria-label="Main">
          <ul className="nav-links">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === paths.home}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.booking} className="button button--primary">Book Your Service</Link>
      </div>
    </header>
  );
}
