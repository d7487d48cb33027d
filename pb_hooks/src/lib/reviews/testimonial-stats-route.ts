/**
 * GET /api/fn/testimonial-stats: the rating summary of every public review (docs/product.md §2
 * Testimonials: average to one decimal and the count; also the AggregateRating of the page).
 * Computed over the public_testimonials view, so only approved, submitted reviews count, and
 * over all of them, not the page's current filters.
 *
 * 200 { count, average (one decimal, 0 when none), ratings: { "1": n, …, "5": n } }.
 */
import { ratingSummary, type RatingCounts } from '@domain/reviews/reviews';

export function testimonialStatsRoute(e: core.RequestEvent): void {
  const rows = arrayOf(new DynamicModel({ rating: 0, n: 0 }));
  $app.db().newQuery('SELECT CAST(rating AS INTEGER) AS rating, COUNT(*) AS n FROM public_testimonials GROUP BY 1').all(rows);
  const ratings: RatingCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) {
    const star = Number(row.rating);
    if (star >= 1 && star <= 5) ratings[star as 1 | 2 | 3 | 4 | 5] = Number(row.n);
  }
  return e.json(200, { ...ratingSummary(ratings), ratings });
}
