import { pb } from '@/lib/pb';
import { useLoadOnce } from '@/lib/use-load-once';

/** GET /api/fn/testimonial-stats: count and one-decimal average of every public review. */
export interface TestimonialStats {
  count: number;
  average: number;
  ratings: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** One GET of the summary; rejects with a ClientResponseError. */
export function fetchTestimonialStats(): Promise<TestimonialStats> {
  return pb.send<TestimonialStats>('/api/fn/testimonial-stats', { method: 'GET' });
}

/** Loads the summary once; null until loaded or when it failed (the page then shows no summary). */
export function useTestimonialStats(): TestimonialStats | null {
  return useLoadOnce(fetchTestimonialStats, 'Failed to load the review summary');
}
