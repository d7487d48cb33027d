import { useEffect, useState } from 'react';
import { pb } from '@/lib/pb';
import { logError } from '@/lib/log';

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
  const [stats, setStats] = useState<TestimonialStats | null>(null);
  useEffect(() => {
    let live = true;
    fetchTestimonialStats().then(
      (s) => live && setStats(s),
      (err) => logError('Failed to load the review summary', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return stats;
}
