import { postJson } from '@/lib/api/get-json';

/** The body of submit-review (docs/product.md §7): the link's token, 1–5 stars and at least 50 characters. */
export interface ReviewSubmission {
  token: string;
  rating: number;
  review_text: string;
}

/** POST /api/fn/submit-review with a plain fetch; rejects with a ReadError (400 with docs/product.md's message; web/src/lib/api/get-json.ts). */
export function submitReview(body: ReviewSubmission): Promise<{ success: true }> {
  return postJson<{ success: true }>('/api/fn/submit-review', body);
}
