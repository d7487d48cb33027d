/**
 * Reviews and testimonials (docs/product.md §2 Submit review and Testimonials, §3 testimonial, §4 Review,
 * §5 Reviews, §9): the messages quoted exactly, the review-link token checks, the submission
 * rules, when the scheduled job asks for a review, and the rating summary.
 */
import { addDays, parseTimestamp, type Ymd } from '../schedule/calendar';
import type { ParseResult } from '../booking/schemas';
import { normalizeText } from '../text';
import { BookingStatus, isLive, type PaymentStatus, wentAhead } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';
import { isOneOf } from '../one-of';

/** docs/product.md §5 and §8's review messages, quoted exactly. */
export const REVIEW_MESSAGES = {
  linkMissing: 'Invalid review link',
  linkNotFound: 'Invalid or expired review link',
  linkUsed: 'A review has already been submitted with this link',
  linkExpired: 'This review link has expired. Please contact us for a new link.',
  linkFailed: 'Failed to validate review link',
  tooShortTitle: 'Review too short',
  tooShort: 'Please write at least 50 characters',
  submitFailed: 'Failed to submit review',
  submitted: 'Thank you! Your review has been submitted successfully',
  selectBooking: 'Please select a booking',
  requestSent: 'Review request sent successfully',
  requestFailed: 'Failed to send review request',
  noMatches: 'No reviews match your filters',
} as const;

/** The review_text of a placeholder created with a review link (docs/product.md §4 Review). */
export const PLACEHOLDER_REVIEW_TEXT = 'Pending review submission';
/** Minimum review length in characters, after normalisation (docs/product.md §9; see reviewLength). */
export const REVIEW_MIN_CHARS = 50;
/** Longest accepted review (the testimonials.review_text field's max). */
export const REVIEW_MAX_CHARS = 5000;
/** How long a review link works, in days. */
export const REVIEW_LINK_DAYS = 30;
/** Random characters in a review token ([A-Za-z0-9], about 285 bits). */
export const REVIEW_TOKEN_LENGTH = 48;
/** Testimonials per page (docs/product.md §9). */
export const TESTIMONIALS_PAGE_SIZE = 12;
/** The scheduled job asks for reviews of removals at most this many days back (see reviewRequestDue). */
export const REVIEW_REQUEST_LOOKBACK_DAYS = 30;

export const REVIEW_STAGES = ['post_install', 'post_removal'] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];
export const DEFAULT_REVIEW_STAGE: ReviewStage = 'post_removal';
export const REVIEW_STAGE_LABELS: Record<ReviewStage, string> = {
  post_install: 'After installation',
  post_removal: 'After removal',
};

/** True for 'post_install' or 'post_removal'. */
export function isReviewStage(value: unknown): value is ReviewStage {
  return isOneOf(REVIEW_STAGES, value);
}

/** A review as stored: the text normalised by domain/text.ts (so invisible characters never count). */
function cleanReviewText(text: string): string {
  return normalizeText(text, 'multiline');
}

/**
 * The number of characters that count toward the minimum and maximum: the length of the text
 * once trimmed and stripped of control and invisible characters (domain/text.ts).
 */
export function reviewLength(text: string): number {
  return cleanReviewText(text).length;
}

/** Live counter under the text area (docs/product.md §2 Submit review): "12 / 50 characters minimum". */
export function reviewCounterText(text: string): string {
  return `${reviewLength(text)} / ${REVIEW_MIN_CHARS} characters minimum`;
}

/** True for a whole-number rating from 1 to 5 (a JSON number, not a string). */
export function isValidRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/**
 * Checks a submission's rating and text (docs/product.md §5 Reviews, §9) and returns the rating with the
 * text to store (normalised: see reviewLength). Refusals: a rating that is not a whole number
 * 1–5; text shorter than REVIEW_MIN_CHARS (docs/product.md's 'Please write at least 50 characters', also
 * for text that is missing or only invisible characters) or longer than REVIEW_MAX_CHARS.
 */
export function parseReviewSubmission(rating: unknown, text: unknown): ParseResult<{ rating: number; text: string }> {
  if (!isValidRating(rating)) return { ok: false, message: 'Please choose a rating from 1 to 5 stars.' };
  const clean = typeof text === 'string' ? cleanReviewText(text) : '';
  if (clean.length < REVIEW_MIN_CHARS) return { ok: false, message: REVIEW_MESSAGES.tooShort };
  if (clean.length > REVIEW_MAX_CHARS) return { ok: false, message: `Reviews must be less than ${REVIEW_MAX_CHARS} characters` };
  return { ok: true, value: { rating, text: clean } };
}

/**
 * Token check before the database: '' → linkMissing; anything that our tokens can never be
 * (wrong characters or length) → linkNotFound; null when it is worth looking up.
 */
export function tokenShapeProblem(token: unknown): string | null {
  if (typeof token !== 'string' || token.trim() === '') return REVIEW_MESSAGES.linkMissing;
  return /^[A-Za-z0-9]{20,100}$/.test(token.trim()) ? null : REVIEW_MESSAGES.linkNotFound;
}

/** The stored state of a review link: PocketBase datetime strings, '' when unset. */
export interface ReviewLinkState {
  submittedAt: string;
  tokenExpiresAt: string;
}

/**
 * Why a found review link cannot be used at `nowMs` (epoch ms): already filled → linkUsed;
 * past (or without) expiry → linkExpired; null when it can be used (docs/product.md §5 Reviews).
 */
export function reviewLinkProblem(link: ReviewLinkState, nowMs: number): string | null {
  if (link.submittedAt) return REVIEW_MESSAGES.linkUsed;
  const expires = parseTimestamp(link.tokenExpiresAt);
  if (!Number.isFinite(expires) || expires <= nowMs) return REVIEW_MESSAGES.linkExpired;
  return null;
}

/** The booking fields the scheduled review request reads. */
export type ReviewableBooking = Pick<BookingRow, 'status' | 'payment_status' | 'removal_date'>;

/**
 * Whether the scheduled job should ask for the post_removal review of a booking on `today`
 * (New York): its removal date has passed (so the request goes out the day after the removal,
 * or on the next run after that), at most REVIEW_REQUEST_LOOKBACK_DAYS ago (so a first run or an
 * outage never mails customers of past seasons), and the booking went ahead: completed or
 * confirmed, or with a deposit or full payment, and not cancelled. Bookings without a removal
 * visit have no completed removal.
 */
export function reviewRequestDue(b: ReviewableBooking, today: Ymd): boolean {
  if (!b.removal_date || b.status === BookingStatus.Cancelled) return false;
  return wentAhead(b) && b.removal_date < today && b.removal_date >= addDays(today, -REVIEW_REQUEST_LOOKBACK_DAYS);
}

/** Number of public reviews by star rating. */
export type RatingCounts = Record<1 | 2 | 3 | 4 | 5, number>;

/** Review count and average rating rounded to one decimal (0 when there are none). */
export function ratingSummary(counts: RatingCounts): { count: number; average: number } {
  let count = 0;
  let sum = 0;
  for (const star of [1, 2, 3, 4, 5] as const) {
    count += counts[star];
    sum += star * counts[star];
  }
  return { count, average: count ? Math.round((sum / count) * 10) / 10 : 0 };
}

/**
 * Whether a review may be asked for a booking (send-review-request, docs/product.md §2 Reviews tab
 * "choose a booking"): it went ahead, i.e. it is confirmed or completed or has a deposit or full
 * payment, and it is not cancelled.
 */
export function bookingWentAhead(b: { status: BookingStatus; payment_status: PaymentStatus }): boolean {
  return isLive(b) && wentAhead(b);
}

/** docs/product.md §8's review moderation toasts, quoted exactly. */
export const REVIEW_ADMIN_MESSAGES = {
  approved: 'Review approved',
  unapproved: 'Review unapproved',
  featured: 'Added to featured',
  unfeatured: 'Removed from featured',
  deleted: 'Review deleted',
  approveFailed: 'Failed to approve review',
  unapproveFailed: 'Failed to unapprove review',
  featureFailed: 'Failed to update featured status',
  deleteFailed: 'Failed to delete review',
  loadFailed: 'Failed to load reviews',
  confirmDelete: 'Are you sure you want to delete this review?',
} as const;

/**
 * The name a published review shows: the first name and the last name's initial ("Jane Q.
 * Public" → "Jane P."), one word as it is, '' for none. The public_testimonials view reads it
 * from `testimonials.public_name`, so a reviewer's full name never reaches a visitor.
 */
export function publicReviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  if (words.length === 1) return first;
  const initial = Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase('en-US');
  return `${first} ${initial}.`;
}

/** What the review form tells the reviewer about the name shown with a published review. */
export const PUBLIC_NAME_NOTE = 'Published reviews show your first name and last initial.';
