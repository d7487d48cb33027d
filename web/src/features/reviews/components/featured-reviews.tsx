import { Link } from '@/lib/router';
import { SectionHead } from '@/components/ui/section-head';
import { paths } from '@/lib/paths';
import { useFeaturedTestimonials } from '../api/get-featured-testimonials';
import { TestimonialCard } from './testimonial-card';
import '../reviews.css';

/**
 * Home's reviews section (docs/product.md §2 Home): the newest featured reviews, with a link to
 * /testimonials. Nothing is shown until they have loaded, nor when none is featured, so the
 * prerendered page and a season without reviews carry no empty heading.
 */
export function FeaturedReviews() {
  const reviews = useFeaturedTestimonials();
  if (reviews.length === 0) return null;
  return (
    <section className="section section--white" aria-labelledby="featured-reviews-title">
      <div className="container">
        <div className="featured-reviews__head">
          <SectionHead start eyebrow="Reviews" id="featured-reviews-title" title="What our clients say" />
          <Link to={paths.testimonials} className="button">
            Read all reviews
          </Link>
        </div>
        <div className="testimonial-grid">
          {reviews.map((t) => (
            <TestimonialCard key={t.id} t={t} />
          ))}
        </div>
      </div>
    </section>
  );
}
