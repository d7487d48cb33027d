/**
 * The testimonials page's filters and page in its URL (?rating=5&stage=post_removal&page=2), so
 * they survive a reload and the back button (docs/product.md §2 Testimonials). Read by hand rather than
 * with a zod schema: the page would otherwise load zod (about 25 kB gzipped) only for this.
 */
import { isReviewStage } from '@domain/reviews/reviews';
import type { TestimonialQuery } from './api/get-testimonials';

const MAX_PAGE = 10_000;

/** A whole number from `text` within [min, max], or null. */
function wholeNumber(text: string | null, min: number, max: number): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The query of a URL's search parameters; anything malformed falls back to "all" and page 1. */
export function parseTestimonialQuery(params: URLSearchParams): TestimonialQuery {
  const stage = params.get('stage');
  return {
    rating: wholeNumber(params.get('rating'), 1, 5),
    stage: isReviewStage(stage) ? stage : null,
    page: wholeNumber(params.get('page'), 1, MAX_PAGE) ?? 1,
  };
}

/** The search parameters of a query: only what differs from "all, page 1". */
export function testimonialSearch(q: TestimonialQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.rating) p.set('rating', String(q.rating));
  if (q.stage) p.set('stage', q.stage);
  if (q.page > 1) p.set('page', String(q.page));
  return p;
}
