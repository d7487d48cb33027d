/**
 * The admin asks a customer for a review, as a command (docs/product.md §4 Review, §7
 * send-review-request; docs/decisions/016): the placeholder testimonial with a fresh token valid
 * for REVIEW_LINK_DAYS, or the unsubmitted one's token renewed (the old link stops working),
 * and the e-mail with the link. Only for a booking that went ahead; never for a review already
 * submitted. Replays are recognised by the optional `Idempotency-Key`. The daily job makes the
 * same request without renewing (lib/reviews/review-requests-job.ts). Pure: the server hands in
 * the token and the id a new placeholder takes.
 */
import { DEFAULT_REVIEW_STAGE, isReviewStage, PLACEHOLDER_REVIEW_TEXT, REVIEW_LINK_DAYS, REVIEW_MESSAGES, type ReviewStage } from '../reviews/reviews';
import { seasonOfInstall } from '../schedule/season';
import { pbDate, refuse, type Command, whenFound } from './command';
import { BookingStatus, wentAhead, NO_SUCH_BOOKING } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

export const REVIEW_REQUEST_MESSAGES = {
  stage: 'The review stage must be post_install or post_removal.',
  notFound: NO_SUCH_BOOKING,
  notAhead: 'Reviews can be requested only for paid or confirmed bookings.',
  submitted: 'The customer has already submitted this review.',
  alreadySent: 'A review link for this booking was already sent.',
  alreadyReviewed: 'The customer has already reviewed this season.',
} as const;

export interface ReviewRequestInput {
  bookingId: string;
  stage: ReviewStage;
  /**
   * Whether an unsubmitted link is renewed: the admin asking again (true) gets a fresh link; the
   * daily job (false) leaves a link already sent alone (refused with `alreadySent`).
   */
  renew: boolean;
}

export type ReviewRequestBooking = Pick<BookingRow, 'id' | 'status' | 'payment_status' | 'customer_name' | 'customer_email' | 'package_type' | 'tree_size' | 'install_date' | 'removal_date'> & {
  /** e.g. "Elevated Arbor, 7.5–9 ft" (derived from the package and size). */
  serviceLine: string;
};

export interface ReviewRequestState {
  booking: ReviewRequestBooking | null;
  /** The booking's placeholder for the stage, if there is one. */
  placeholder: { id: string; submitted: boolean } | null;
  /**
   * The submitted reviews of this booking (any stage) or of its customer's e-mail address: each
   * one's booking id and service date (YYYY-MM-DD), for alreadyReviewed.
   */
  reviews: readonly SubmittedReview[];
  /** A fresh random token for the link, and the id a new placeholder takes. */
  token: string;
  newId: string;
  /** The public origin the link points to. */
  origin: string;
}

/** The e-mail with the link (lib/mail/review-request.ts composes it). */
export interface ReviewRequestMailData {
  testimonialId: string;
  to: string;
  customerName: string;
  /** e.g. "Elevated Arbor, 7.5–9 ft" */
  serviceLine: string;
  stage: ReviewStage;
  url: string;
  /** Epoch ms after which the link no longer works. */
  expiresAtMs: number;
  token: string;
}

export interface ReviewRequestAnswer {
  success: true;
  testimonialId: string;
  reviewUrl: string;
  expiresAt: string;
}

/** A submitted review: its booking's id ('' for none) and its service date (YYYY-MM-DD). */
export interface SubmittedReview {
  bookingId: string;
  serviceDate: string;
}

/**
 * Whether the customer of booking `b` has already reviewed (docs/product.md §4 Review): one of
 * `reviews` is of this booking, at any stage, or of the same customer's e-mail address (the
 * caller selects by address) for a service in the same season as this booking's installation
 * (domain/schedule/season.ts seasonOfInstall). The daily job asks no one twice a season.
 */
export function alreadyReviewed(b: Pick<ReviewRequestBooking, 'id' | 'install_date'>, reviews: readonly SubmittedReview[]): boolean {
  const season = seasonOfInstall(b.install_date, b.install_date).year;
  return reviews.some((r) => r.bookingId === b.id || (!!r.serviceDate && seasonOfInstall(r.serviceDate, r.serviceDate).year === season));
}

/** Whether booking `b` went ahead: not cancelled, and confirmed, completed or paid. */
export function reviewWentAhead(b: Pick<ReviewRequestBooking, 'status' | 'payment_status'>): boolean {
  return b.status !== BookingStatus.Cancelled && wentAhead(b);
}

/** Checks { booking_id, review_stage? } (default post_removal). */
export function parseReviewRequest(body: Record<string, unknown>): { ok: true; value: ReviewRequestInput } | { ok: false; message: string } {
  const bookingId = typeof body.booking_id === 'string' ? body.booking_id.trim() : '';
  if (!bookingId) return { ok: false, message: REVIEW_MESSAGES.selectBooking };
  const stage = body.review_stage === undefined || body.review_stage === null || body.review_stage === '' ? DEFAULT_REVIEW_STAGE : body.review_stage;
  if (!isReviewStage(stage)) return { ok: false, message: REVIEW_REQUEST_MESSAGES.stage };
  return { ok: true, value: { bookingId, stage, renew: true } };
}

export const reviewRequestCommand: Command<ReviewRequestInput, ReviewRequestState, ReviewRequestMailData, ReviewRequestAnswer> = {
  name: 'send-review-request',
  parse: (body) => parseReviewRequest(body),
  // The same text as before the runner, so keys stored then still match their replays.
  idempotency: { by: 'key', header: 'optional', fingerprint: (input) => JSON.stringify(['send-review-request', input.bookingId, input.stage]) },
  decide: whenFound('booking', REVIEW_REQUEST_MESSAGES.notFound, (b, state, input, nowMs) => {
    if (!reviewWentAhead(b)) return refuse(400, REVIEW_REQUEST_MESSAGES.notAhead);
    if (state.placeholder?.submitted) return refuse(409, REVIEW_REQUEST_MESSAGES.submitted);
    if (state.placeholder && !input.renew) return refuse(409, REVIEW_REQUEST_MESSAGES.alreadySent);
    // The job's automatic request goes only to a customer who has not reviewed this season; the
    // admin asking by hand (renew) may still ask on purpose.
    if (!input.renew && alreadyReviewed(b, state.reviews)) return refuse(409, REVIEW_REQUEST_MESSAGES.alreadyReviewed);
    const expiresAtMs = nowMs + REVIEW_LINK_DAYS * 86_400_000;
    const expiresAt = pbDate(expiresAtMs);
    const reviewUrl = `${state.origin}/submit-review?token=${state.token}`;
    const link = { review_token: state.token, token_expires_at: expiresAt };
    const testimonialId = state.placeholder ? state.placeholder.id : state.newId;
    const change = state.placeholder
      ? ({ op: 'update', collection: 'testimonials', id: testimonialId, fields: link } as const)
      : ({
          op: 'create',
          collection: 'testimonials',
          id: testimonialId,
          fields: {
            customer_name: b.customer_name,
            customer_email: b.customer_email,
            booking: b.id,
            rating: 0,
            review_text: PLACEHOLDER_REVIEW_TEXT,
            package_type: b.package_type,
            tree_size: b.tree_size,
            service_date: input.stage === 'post_install' ? b.install_date : b.removal_date || b.install_date,
            review_stage: input.stage,
            is_approved: false,
            is_featured: false,
            ...link,
          },
        } as const);
    return {
      changes: [change],
      mails: [{ testimonialId, to: b.customer_email, customerName: b.customer_name, serviceLine: b.serviceLine, stage: input.stage, url: reviewUrl, expiresAtMs, token: state.token }],
      answer: { success: true, testimonialId, reviewUrl, expiresAt },
    };
  }),
};
