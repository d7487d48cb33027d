import { paths } from '@/lib/paths';
import { useBusinessToday } from '@/lib/hydration';
import { usePageMeta } from '@/lib/page-meta';
import { PageIntro } from '../components/page-intro';
import { faqItems } from './faq-items';
import '../site.css';
import './faq.css';
import { LinkButtons } from '@/components/ui/link-buttons';

/**
 * FAQ (docs/product.md §2): a single-open accordion of ten questions. Native <details> elements sharing
 * a `name` form an exclusive group, so opening one answer closes the other, with no script and
 * with find-in-page able to open a matching answer.
 */
export function FaqPage() {
  usePageMeta('Frequently Asked Questions', 'Answers about our service area, prices, removal, keeping ornaments, payment, scheduling and consultations.', { path: paths.faq });
  const items = faqItems(useBusinessToday());
  return (
    <>
      <PageIntro eyebrow="FAQ" title="Frequently asked questions" lead="Everything you might want to know before booking. Can't find your answer? Just ask." />
      <section className="section" aria-label="Questions and answers">
        <div className="container faq">
          <div className="faq__list">
            {items.map((item, i) => (
              <details key={item.id} name="faq" className="faq__item" open={i === 0}>
                <summary>
                  <span>{item.question}</span>
                </summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
          <aside className="faq__aside card" aria-labelledby="faq-more-title">
            <h2 id="faq-more-title">Still deciding?</h2>
            <p>Our policies cover deposits, arrival windows, removal and care of your pieces in detail.</p>
            <LinkButtons
              className="faq__links"
              links={[
                { to: paths.policies, label: 'Read Our Policies', className: 'button' },
                { to: paths.consultation, label: 'Request A Consultation', className: 'button button--primary' },
              ]}
            />
          </aside>
        </div>
      </section>
    </>
  );
}
