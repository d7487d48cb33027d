import { Link } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { useBusinessToday } from '@/lib/hydration';
import { BrandMark } from './brand-mark';
import './footer.css';

/**
 * Site footer (docs/product.md §2 Header and footer): logo and name, Quick Links, Information, Contact
 * (town, e-mail, phone, social profile in a new tab), the copyright year and a small Admin link.
 * Every business detail comes from BUSINESS.
 */
export function Footer() {
  const year = useBusinessToday().slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to={paths.home} className="site-footer__logo">
            <BrandMark size={40} />
            <span>{BUSINESS.name}</span>
          </Link>
          <p>
            {BUSINESS.tagline} Christmas tree decorating, installation and removal around {BUSINESS.town}, Maryland.
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul>
            <li>
              <Link to={paths.services}>Services &amp; Pricing</Link>
            </li>
            <li>
              <Link to={paths.booking}>Book Now</Link>
            </li>
            <li>
              <Link to={paths.portfolio}>Portfolio</Link>
            </li>
            <li>
              <Link to={paths.faq}>FAQ</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information" className="site-footer__heading">
            Information
          </h2>
          <ul>
            <li>
              <Link to={paths.about}>About Us</Link>
            </li>
            <li>
              <Link to={paths.policies}>Policies</Link>
            </li>
            <li>
              <Link to={paths.termsPrivacy}>Terms &amp; Privacy</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <address>
            <ul>
              <li>{BUSINESS.town}, Maryland</li>
              <li>
                <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
              </li>
              <li>
                <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a>
              </li>
              <li>
                <a href={BUSINESS.social.url} target="_blank" rel="noopener noreferrer">
                  {BUSINESS.social.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </address>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {year} {BUSINESS.name}. All rights reserved.
        </p>
        <Link to={paths.adminLogin} className="site-footer__admin">
          Admin
        </Link>
      </div>
    </footer>
  );
}
