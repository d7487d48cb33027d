import { Link } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageIntro } from '../components/page-intro';
import '../site.css';

/** Terms & Privacy (docs/product.md §2): the terms of service and what data we keep, and why. */
export function TermsPrivacyPage() {
  usePageMeta('Terms & Privacy', `The terms of service and privacy notice of ${BUSINESS.name}.`, { path: paths.termsPrivacy });
  const contact = (
    <>
      <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a>
    </>
  );
  return (
    <>
      <PageIntro eyebrow="Terms & Privacy" title="Terms & Privacy" lead="The short, plain-language version of how we work together and how we look after your information." />
      <div className="container section">
        <div className="prose">
          <h2>Terms of service</h2>
          <p>
            By booking with {BUSINESS.name} you agree to these terms and to our <Link to={paths.policies}>policies</Link>, which set out deposits, scheduling, removal and damage charges.
          </p>
          <h3>Bookings</h3>
          <p>
            A booking is confirmed once the deposit is paid and you receive our confirmation e-mail. Prices are those shown when you book. We may decline or reschedule a booking for safety reasons or
            events beyond our control, in which case we will offer you another date or refund any amount paid for services not provided.
          </p>
          <h3>Your home</h3>
          <p>You confirm that we may work at the address you give, that the space around the tree is clear and safe, and that someone aged 18 or over will be present to let us in.</p>
          <h3>Our work</h3>
          <p>
            Designs, photographs and illustrations on this site belong to {BUSINESS.name}. We may photograph finished trees for our portfolio only with your permission, and never show your address.
          </p>

          <h2>Privacy</h2>
          <h3>What we collect</h3>
          <ul>
            <li>Booking and consultation details you give us: name, e-mail, phone, address, dates, style preferences, notes and any inspiration images.</li>
            <li>Payment details are handled by our card payment provider; we never see or store your full card number.</li>
            <li>
              Anonymous visit statistics: the page viewed, the referring site, campaign tags in the link, device type and browser, and a random id that lasts only for your browser session. No cookies
              are used for this.
            </li>
          </ul>
          <h3>How we use it</h3>
          <p>
            To schedule and carry out your service, send confirmations and reminders, take payments, ask for a review after the season, and understand which pages help visitors. We do not sell or
            share your information for marketing.
          </p>
          <h3>How long we keep it</h3>
          <p>
            Booking records and inspiration images are kept as long as your service and our tax and accounting records need them. You can ask us at any time to see, correct or delete your information:
            contact {contact}.
          </p>
        </div>
      </div>
    </>
  );
}
