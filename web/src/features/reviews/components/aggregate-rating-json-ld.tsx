import { BUSINESS } from '@domain/business';
import { SITE_URL, absoluteUrl } from '@/lib/site-url';
import type { Testimonial } from '../api/get-testimonials';

/**
 * schema.org structured data for the testimonials page: the business with its AggregateRating
 * (over every approved review) and the reviews shown. Rendered only when there is a review, as
 * an AggregateRating with no reviews is invalid.
 */
export function AggregateRatingJsonLd({ average, count, reviews }: { average: number; count: number; reviews: Testimonial[] }) {
  if (count < 1) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${SITE_URL}/#business`,
    name: BUSINESS.name,
    url: absoluteUrl('/testimonials'),
    telephone: BUSINESS.phoneE164,
    email: BUSINESS.email,
    address: { '@type': 'PostalAddress', addressLocality: BUSINESS.town, addressRegion: BUSINESS.state, postalCode: BUSINESS.baseZip, addressCountry: 'US' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 },
    review: reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.customer_name },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      reviewBody: r.review_text,
      ...(r.approved_at ? { datePublished: r.approved_at.slice(0, 10) } : {}),
    })),
  };
  // JSON inside <script>: escape "<" so review text can never close the tag.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
