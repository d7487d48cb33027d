import { pb } from '@/lib/pb';

/** The body of submit-review (docs/product.md §7): the link's token, 1–5 stars and at least 50 characters. */
export interface ReviewSubmission {
  token: string;
  rating: number;
  review_text: string;
}

/** POST /api/fn/submit-review; rejects with a ClientResponseError (400 with docs/product.md's message). */
export function submitReview(body: ReviewSubmission): Promise<{ success: true }> {
  return pb.send<{ success: true }>('/api/fn/submit-review', { method: 'POST', body });
}
