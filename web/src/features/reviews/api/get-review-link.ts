import { REVIEW_MESSAGES, type ReviewStage } from '@domain/reviews/reviews';
import { getJson, ReadError } from '@/lib/api/get-json';

/** The service details of a valid review link (GET /api/fn/review-link). */
export interface ReviewLink {
  customerName: string;
  packageTitle: string;
  /** Display label, e.g. "7.5–9 ft". */
  treeSize: string;
  /** YYYY-MM-DD or ''. */
  serviceDate: string;
  reviewStage: ReviewStage;
  /** The business's Google review page (an https URL), present only when the owner set one. */
  googleReviewUrl?: string;
}

const TOKEN_MESSAGES: ReadonlySet<string> = new Set([REVIEW_MESSAGES.linkMissing, REVIEW_MESSAGES.linkNotFound, REVIEW_MESSAGES.linkUsed, REVIEW_MESSAGES.linkExpired]);

/**
 * docs/product.md §5's message for a refused review link, or null when the error is something else
 * (network, server failure), which the page shows as 'Failed to validate review link'.
 */
export function tokenMessageOf(err: unknown): string | null {
  if (!(err instanceof ReadError) || err.status !== 400) return null;
  const msg = err.response.message;
  return typeof msg === 'string' && TOKEN_MESSAGES.has(msg) ? msg : null;
}

/** GET /api/fn/review-link?token=… with a plain fetch (the page loads no SDK): validates the link; rejects with a ReadError (web/src/lib/api/get-json.ts). */
export function fetchReviewLink(token: string): Promise<ReviewLink> {
  return getJson<ReviewLink>('/api/fn/review-link', { token });
}
