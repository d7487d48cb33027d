import { getJson } from '@/lib/api/get-json';
import { useLoadOnce } from '@/lib/use-load-once';

/** GET /api/fn/testimonial-stats: count and one-decimal average of every public review. */
export interface TestimonialStats {
  count: number;
  average: number;
  ratings: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** One GET of the summary; rejects with a ReadError (web/src/lib/api/get-json.ts). */
export function fetchTestimonialStats(): Promise<TestimonialStats> {
  return getJson<TestimonialStats>('/api/fn/testimonial-stats');
}

/** Loads the summary once; null until loaded or when it failed (the page then shows no summary). */
export function useTestimonialStats(): TestimonialStats | null {
  return useLoadOnce(fetchTestimonialStats, 'Failed to load the review summary');
}
