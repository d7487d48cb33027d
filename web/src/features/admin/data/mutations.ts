/**
 * Every write the admin makes to mirrored data (DESIGN.md "Admin data and sync"). In this
 * issue each one goes to the server and then puts the server's answer into the mirror (or
 * removes what the server deleted), so screens see the change at once, before realtime echoes
 * it. Screens call only these functions: the offline outbox of the next issue goes behind them
 * (queue, optimistic local change, replay) without changing a screen.
 *
 * Every function rejects with the server's error when the write fails; the mirror is then
 * unchanged.
 */
import type { ReviewStage } from '@domain/reviews';
import { chargeBookingBalance, type ChargeAnswer, type ChargeRequest } from '../api/charge-booking-balance';
import { deleteBooking } from '../api/delete-booking';
import { deleteTestimonial } from '../api/delete-testimonial';
import { getBooking } from '../api/get-booking';
import { sendReviewRequest, type ReviewRequestSent } from '../api/send-review-request';
import { updateTestimonial } from '../api/update-testimonial';
import { adminMirror } from './admin-data';
import type { Mirror } from './mirror';

/** The server calls the mutations make (the api/ files; faked in tests). */
export interface MutationApi {
  deleteBooking: typeof deleteBooking;
  getBooking: typeof getBooking;
  updateTestimonial: typeof updateTestimonial;
  deleteTestimonial: typeof deleteTestimonial;
  sendReviewRequest: typeof sendReviewRequest;
  chargeBookingBalance: typeof chargeBookingBalance;
}

export interface AdminMutations {
  /** Deletes a booking with its charges and job events (SPEC.md §2 Delete Booking). */
  deleteBooking(id: string): Promise<void>;
  /** Approves (approved_at now) or unapproves (approved_at cleared) a review (SPEC.md §4 Review). */
  setReviewApproved(id: string, approved: boolean): Promise<void>;
  /** Features or unfeatures a review. */
  setReviewFeatured(id: string, featured: boolean): Promise<void>;
  deleteReview(id: string): Promise<void>;
  /** E-mails the customer of `bookingId` a review link (the placeholder it makes is never mirrored). */
  sendReviewRequest(bookingId: string, stage: ReviewStage): Promise<ReviewRequestSent>;
  /**
   * Charges the balance plus damages (see api/charge-booking-balance.ts; reuse
   * `idempotencyKey` for a retry of the same attempt), then puts the booking and the charge of
   * the answer into the mirror.
   */
  chargeBalance(req: ChargeRequest, idempotencyKey: string): Promise<ChargeAnswer>;
}

/** The mutations over a given mirror and server API (tests pass fakes). */
export function createMutations(mirror: () => Mirror, api: MutationApi, now: () => Date = () => new Date()): AdminMutations {
  return {
    async deleteBooking(id) {
      await api.deleteBooking(id);
      const m = mirror();
      const [charges, jobEvents] = await Promise.all([
        m.db.charges.where('booking').equals(id).primaryKeys(),
        m.db.jobEvents.where('booking').equals(id).primaryKeys(),
      ]);
      await Promise.all([m.remove('bookings', [id]), m.remove('charges', charges), m.remove('job_events', jobEvents)]);
    },
    async setReviewApproved(id, approved) {
      const row = await api.updateTestimonial(id, { is_approved: approved, approved_at: approved ? now().toISOString() : '' });
      await mirror().apply('testimonials', [row]);
    },
    async setReviewFeatured(id, featured) {
      const row = await api.updateTestimonial(id, { is_featured: featured });
      await mirror().apply('testimonials', [row]);
    },
    async deleteReview(id) {
      await api.deleteTestimonial(id);
      await mirror().remove('testimonials', [id]);
    },
    sendReviewRequest(bookingId, stage) {
      return api.sendReviewRequest(bookingId, stage);
    },
    async chargeBalance(req, idempotencyKey) {
      const answer = await api.chargeBookingBalance(req, idempotencyKey);
      try {
        // The answer carries the records as they now are; an older server's answer does not.
        if (answer.charge) await mirror().apply('charges', [answer.charge]);
        await mirror().apply('bookings', [answer.booking ?? (await api.getBooking(req.bookingId))]);
      } catch (err) {
        // The charge stands; realtime or the next pull brings the booking's new balance.
        console.warn('Could not refresh the booking after a charge', err);
      }
      return answer;
    },
  };
}

/** The app's mutations, over the app's mirror and the real server. */
export const adminMutations: AdminMutations = createMutations(adminMirror, {
  deleteBooking,
  getBooking,
  updateTestimonial,
  deleteTestimonial,
  sendReviewRequest,
  chargeBookingBalance,
});
