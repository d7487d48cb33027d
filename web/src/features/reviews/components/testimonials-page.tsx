import { useEffect, useRef } from 'react';
import { Link } from '@/lib/router';
import { REVIEW_MESSAGES, REVIEW_STAGE_LABELS, REVIEW_STAGES, TESTIMONIALS_PAGE_SIZE, isReviewStage, type ReviewStage } from '@domain/reviews/reviews';
import { paths } from '@/lib/paths';
import { useTestimonialStats, type TestimonialStats } from '../api/get-testimonial-stats';
import { useTestimonials, type TestimonialQuery } from '../api/get-testimonials';
import { AggregateRatingJsonLd } from './aggregate-rating-json-ld';
import { PaginationNav } from './pagination-nav';
import { Stars } from './stars';
import { TestimonialCard } from './testimonial-card';
import '../reviews.css';

/**
 * The average rating with its stars and count. The box is there from the first paint (the
 * prerendered shell) in the same size whatever the answer, so nothing below it moves when the
 * figures arrive; without reviews it says so.
 */
function RatingSummary({ stats }: { stats: TestimonialStats | null }) {
  const rated = stats !== null && stats.count > 0;
  return (
    <section className="card rating-summary" aria-label="Average rating" aria-busy={stats === null}>
      <p className="rating-summary__value">{rated ? stats.average.toFixed(1) : '–'}</p>
      <div>
        {rated ? (
          <Stars rating={stats.average} size="lg" />
        ) : (
          <span className="stars stars--lg" aria-hidden="true">
            ★★★★★
          </span>
        )}
        <p className="muted">{!stats ? 'Loading ratings…' : rated ? `Based on ${stats.count} ${stats.count === 1 ? 'review' : 'reviews'}` : 'No ratings yet'}</p>
      </div>
    </section>
  );
}

interface TestimonialsPageProps {
  query: TestimonialQuery;
  onQueryChange: (next: TestimonialQuery) => void;
}

/**
 * The public testimonials page (docs/product.md §2 Testimonials): the average of every approved review
 * with stars and the count, rating and stage filters, 12 cards per page from the server, and
 * pagination. Only the public_testimonials view is read, so nothing unapproved can show.
 */
export function TestimonialsPage({ query, onQueryChange }: TestimonialsPageProps) {
  const stats = useTestimonialStats();
  const list = useTestimonials(query);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const filtered = query.rating !== null || query.stage !== null;

  // After a page or filter change (not the first load), bring the list into view for everyone.
  useEffect(() => {
    if (!moved.current || list.loading) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [list.loading]);

  const change = (next: TestimonialQuery) => {
    moved.current = true;
    onQueryChange(next);
  };

  let results;
  // While loading, a box the size of the empty state: the prerendered page does not shift when
  // the answer is "no reviews", and little when cards arrive (docs/decisions/019).
  if (list.loading) {
    results = (
      <div className="reviews-empty" role="status">
        <p>Loading reviews…</p>
      </div>
    );
  } else if (list.error || !list.data) {
    results = (
      <div role="alert" className="reviews-empty">
        <p>Reviews could not be loaded.</p>
        <button type="button" className="button" onClick={list.reload}>
          Try again
        </button>
      </div>
    );
  } else if (list.data.items.length === 0) {
    results = (
      <div className="reviews-empty">
        <p>{filtered || list.data.totalItems > 0 ? REVIEW_MESSAGES.noMatches : 'No reviews have been published yet.'}</p>
        {filtered && (
          <button type="button" className="button" onClick={() => change({ rating: null, stage: null, page: 1 })}>
            Show all reviews
          </button>
        )}
      </div>
    );
  } else {
    results = (
      <>
        <p className="muted reviews-count" aria-live="polite">
          Showing {(list.data.page - 1) * TESTIMONIALS_PAGE_SIZE + 1}–{(list.data.page - 1) * TESTIMONIALS_PAGE_SIZE + list.data.items.length} of {list.data.totalItems}{' '}
          {list.data.totalItems === 1 ? 'review' : 'reviews'}
        </p>
        <div className="testimonial-grid">
          {list.data.items.map((t) => (
            <TestimonialCard key={t.id} t={t} />
          ))}
        </div>
        <PaginationNav page={query.page} totalPages={list.data.totalPages} onPage={(page) => change({ ...query, page })} />
      </>
    );
  }

  return (
    <div className="container page testimonials">
      <h1>Testimonials</h1>
      <p className="lead">What our customers say about their trees, in their own words.</p>

      <RatingSummary stats={stats} />

      <form className="review-filters" aria-label="Filter reviews" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-rating">Rating</label>
          <select id="filter-rating" value={query.rating ?? ''} onChange={(e) => change({ ...query, rating: e.target.value ? Number(e.target.value) : null, page: 1 })}>
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 star' : `${n} stars`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-stage">Stage</label>
          <select id="filter-stage" value={query.stage ?? ''} onChange={(e) => change({ ...query, stage: isReviewStage(e.target.value) ? (e.target.value as ReviewStage) : null, page: 1 })}>
            <option value="">All stages</option>
            {REVIEW_STAGES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>

      <section aria-labelledby="reviews-heading" aria-busy={list.loading}>
        <h2 id="reviews-heading" ref={headingRef} tabIndex={-1} className="visually-hidden">
          Reviews
        </h2>
        {results}
      </section>

      <p className="testimonials__cta">
        Ready for a tree like these? <Link to={paths.booking}>Book your service</Link> or <Link to={paths.consultation}>request a free consultation</Link>.
      </p>

      {stats && list.data && <AggregateRatingJsonLd average={stats.average} count={stats.count} reviews={list.data.items} />}
    </div>
  );
}
