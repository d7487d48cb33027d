import { useEffect, useState } from 'react';
import { TESTIMONIALS_PAGE_SIZE, type ReviewStage } from '@domain/reviews/reviews';
import { listRecords } from '@/lib/api/get-json';
import { logError } from '@/lib/log';

/** A row of the public_testimonials view: approved, submitted reviews with safe columns only. */
export interface Testimonial {
  id: string;
  customer_name: string;
  rating: number;
  review_text: string;
  package_type: string;
  tree_size: string;
  service_date: string;
  review_stage: ReviewStage | '';
  is_featured: boolean;
  approved_at: string;
  created_at: string;
}

export interface TestimonialQuery {
  /** 1–5, or null for all ratings. */
  rating: number | null;
  stage: ReviewStage | null;
  /** 1-based. */
  page: number;
}

export interface TestimonialPage {
  items: Testimonial[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/**
 * One page of public reviews, filtered and paginated by the server (docs/product.md §2 Testimonials:
 * 12 per page), newest approval first.
 */
export async function fetchTestimonials(q: TestimonialQuery): Promise<TestimonialPage> {
  // The query's fields are parsed (testimonial-query.ts): a whole rating and a known stage, so
  // neither needs escaping in the filter.
  const clauses: string[] = [];
  if (q.rating) clauses.push(`rating = ${Math.trunc(q.rating)}`);
  if (q.stage) clauses.push(`review_stage = ${JSON.stringify(q.stage)}`);
  const res = await listRecords<Testimonial>('public_testimonials', q.page, TESTIMONIALS_PAGE_SIZE, {
    filter: clauses.join(' && '),
    sort: '-approved_at,-created_at,id',
  });
  return { items: res.items, page: res.page, totalPages: res.totalPages, totalItems: res.totalItems };
}

/** The page for `q`, reloaded when it changes; `error` after a failed load (retry with `reload`). */
export function useTestimonials(q: TestimonialQuery) {
  const key = `${q.rating ?? ''}|${q.stage ?? ''}|${q.page}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; data: TestimonialPage | null; error: boolean }>({ key: '', data: null, error: false });
  const fullKey = `${key}|${attempt}`;
  const { rating, stage, page } = q;
  useEffect(() => {
    let live = true;
    fetchTestimonials({ rating, stage, page }).then(
      (data) => live && setState({ key: fullKey, data, error: false }),
      (err) => {
        logError('Failed to load reviews', err);
        if (live) setState({ key: fullKey, data: null, error: true });
      },
    );
    return () => {
      live = false;
    };
    // fullKey already changes with the query's fields (and the retry count); they are listed
    // because the effect reads them.
  }, [fullKey, rating, stage, page]);
  const current = state.key === fullKey;
  return {
    loading: !current,
    data: current ? state.data : null,
    error: current && state.error,
    reload: () => setAttempt((a) => a + 1),
  };
}
