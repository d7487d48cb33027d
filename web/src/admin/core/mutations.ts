/**
 * Every write the admin makes to mirrored data (docs/architecture.md "Admin data and sync"). Screens call
 * only these functions.
 *
 * On-site actions go through the outbox (docs/decisions/016): install and removal
 * done, notes, photos, the admin's own booking note, the balance and damages charge and review
 * requests. Each is written to the outbox, with its optimistic local change in the same Dexie
 * transaction, and works offline; the outbox sends it when it can, exactly once on the server.
 * A charge and a review request wait a little for the server's answer, so online the screen
 * shows the outcome at once, and offline it shows 'queued'.
 *
 * Back-office edits that only make sense online (deleting a booking, approving, featuring or
 * deleting a review) go to the server and then put the server's answer into the mirror (or
 * remove what the server deleted); they reject with the server's error and leave the mirror
 * unchanged.
 */
import { ClientResponseError } from 'pocketbase';
import type { JobEventKind } from '@domain/job-events';
import { paymentMethodText, type RecordedPaymentRequest } from '@domain/recorded-payments';
import type { ReviewStage } from '@domain/reviews';
import type { ChargeAnswer, ChargeRequest } from './api/charge-booking-balance';
import { deleteBooking } from './api/delete-booking';
import { deleteTestimonial } from './api/delete-testimonial';
import type { ReviewRequestSent } from './api/send-review-request';
import { updateTestimonial } from './api/update-testimonial';
import { adminOutbox } from './admin-outbox';
import { newClientId, type OutboxKind, type StoredPhoto } from './model/outbox-entry';
import type { Outbox } from './outbox/outbox';
import type {
  AdminNotesPayload,
  BookingCancelPayload,
  VisitMovePayload,
  ChargePayload,
  ConsultationStatusPayload,
  JobEventPayload,
  PaymentPayload,
  PaymentVoidPayload,
  ReviewRequestPayload,
} from './outbox/outbox-payloads';
import type { CancelAnswer } from './api/cancel-booking';
import type { MoveAnswer, VisitMoveRequest } from './api/move-visit';
import type { ConsultationAnswer, ConsultationChange } from './api/consultation-status';
import { currentAdmin, offlineExpiredAdmin } from './session/admin-session';
import { adminMirror } from './admin-data';
import type { Mirror } from './sync/mirror';
import type { AdminCharge, AdminJobEvent } from './model/records';

/** The server calls the online mutations make (the api/ files; faked in tests). */
export interface MutationApi {
  deleteBooking: typeof deleteBooking;
  updateTestimonial: typeof updateTestimonial;
  deleteTestimonial: typeof deleteTestimonial;
}

/** The answer of a queued action the screen waited for, or `queued` when it did not come in time. */
export type Queued<T> = { queued: false; answer: T } | { queued: true };

/** How long a done mark can be taken back (Undo) before it is sent (ms). */
export const UNDO_MS = 6_000;

/** How long a charge or a review request waits for its answer before the screen says 'queued' (ms). */
export const ANSWER_WAIT_MS = 15_000;

export interface AdminMutations {
  /** Deletes a booking with its charges and job events (docs/product.md §2 Delete Booking). Online only. */
  deleteBooking(id: string): Promise<void>;
  /** Approves (approved_at now) or unapproves (approved_at cleared) a review (docs/product.md §4 Review). */
  setReviewApproved(id: string, approved: boolean): Promise<void>;
  /** Features or unfeatures a review. */
  setReviewFeatured(id: string, featured: boolean): Promise<void>;
  deleteReview(id: string): Promise<void>;
  /**
   * Queues a review link e-mail for `bookingId` (docs/product.md §7 send-review-request), sent once
   * under its Idempotency-Key. Resolves with the server's answer when it comes within
   * ANSWER_WAIT_MS, else `queued`; rejects with the server's refusal (then nothing stays queued).
   */
  sendReviewRequest(bookingId: string, stage: ReviewStage): Promise<Queued<ReviewRequestSent>>;
  /**
   * Queues the balance plus damages charge under `idempotencyKey` (one per attempt: the server
   * charges a key once), then as sendReviewRequest. `estimateCents` is what the dialog showed,
   * for the queued line; the server prices the charge itself. The charge and booking of the
   * answer go into the mirror.
   */
  chargeBalance(req: ChargeRequest, idempotencyKey: string, estimateCents: number): Promise<Queued<ChargeAnswer>>;
  /**
   * Marks the install or the removal done (the server stamps the booking); it is sent only after
   * UNDO_MS, so undo() can take it back meanwhile, offline too. Resolves with the action's id.
   */
  markDone(bookingId: string, kind: 'install_done' | 'removal_done'): Promise<string>;
  /** Takes back a queued action not yet sent (a done mark within its UNDO_MS), with its local change. Resolves false when it was already on its way. */
  undo(actionId: string): Promise<boolean>;
  /** Adds an on-site note to the booking. Resolves with the action's id. */
  addNote(bookingId: string, text: string): Promise<string>;
  /** Adds a photo (already resized) with an optional caption. Resolves with the action's id. */
  addPhoto(bookingId: string, photo: StoredPhoto, caption: string): Promise<string>;
  /** Saves the admin's own note on the booking, the later edit winning. Resolves with the action's id. */
  saveAdminNotes(bookingId: string, adminNotes: string): Promise<string>;
  /**
   * Records a payment taken at the door (docs/decisions/030): a local `queued` charges row (the
   * balance shows it as pending at once) and its outbox entry in one transaction; the server
   * counts it once under the entry's key. Resolves with the payment's id.
   */
  recordPayment(req: RecordedPaymentRequest): Promise<string>;
  /** Queues the void of recorded payment `paymentId` with `reason`. Resolves with the action's id. */
  voidPayment(bookingId: string, paymentId: string, reason: string): Promise<string>;
  /**
   * Cancels booking `bookingId` (docs/decisions/032), the deposit refunded or kept, through the
   * outbox (the server applies it once); then as sendReviewRequest: the answer when it comes
   * within ANSWER_WAIT_MS, else `queued`; rejects with the server's refusal.
   */
  cancelBooking(bookingId: string, refund: boolean): Promise<Queued<CancelAnswer>>;
  /**
   * Moves a booking's installation or removal to another slot (docs/decisions/036), as
   * cancelBooking: online the server's answer at once (or its refusal, e.g. the slot taken);
   * offline `queued`, checked when it syncs (a refusal then waits under 'Needs attention').
   */
  moveVisit(req: VisitMoveRequest): Promise<Queued<MoveAnswer>>;
  /** Confirms, moves, marks done or cancels a consultation request (docs/decisions/033), as cancelBooking. */
  answerConsultation(change: ConsultationChange): Promise<Queued<ConsultationAnswer>>;
}

export interface MutationDeps {
  mirror: () => Mirror;
  api: MutationApi;
  outbox: () => Outbox;
  /** The signed-in admin's id, stored on each queued action ('' when none: it then waits for a sign-in). */
  account: () => string;
  now?: () => Date;
  answerWaitMs?: number;
}

/** A PocketBase datetime for an instant. */
const pbDate = (d: Date) => d.toISOString().replace('T', ' ');

/** The mutations over a given mirror, server API and outbox (tests pass fakes). */
export function createMutations(deps: MutationDeps): AdminMutations {
  const { mirror, api, outbox, account } = deps;
  const now = deps.now ?? (() => new Date());
  const waitMs = deps.answerWaitMs ?? ANSWER_WAIT_MS;

  /** Queues `kind` and waits for its answer (see AdminMutations.sendReviewRequest). */
  async function queueAndWait<T>(kind: OutboxKind, bookingId: string, payload: Record<string, unknown>, idempotencyKey?: string): Promise<Queued<T>> {
    const box = outbox();
    const entry = await box.queue({ kind, payload, bookingId, accountId: account(), idempotencyKey });
    const outcome = box.waitFor(entry.id, waitMs);
    void box.flush();
    const result = await outcome;
    if (result.state === 'sent') return { queued: false, answer: result.answer as T };
    if (result.state === 'queued') return { queued: true };
    // Refused while the admin is looking: shown on this screen, not kept for later.
    await box.discard(entry.id);
    throw new ClientResponseError({ status: result.status, response: { message: result.message } });
  }

  /**
   * Queues a job event with its optimistic row in the same transaction. The row's id is the
   * entry's, which becomes the event's record id on the server: the server's row replaces it
   * (the optimistic row has no server time, so any server row wins in the mirror).
   */
  async function queueJobEvent(bookingId: string, kind: JobEventKind, text: string, photo: StoredPhoto | null = null, undoMs = 0): Promise<string> {
    const box = outbox();
    const db = mirror().db;
    const id = newClientId();
    const at = now();
    const payload: JobEventPayload = { bookingId, kind, text, occurredAt: at.toISOString(), photo };
    const row: AdminJobEvent = { id, booking: bookingId, kind, text, client_id: id, occurred_at: pbDate(at), photo: '', created_at: '', updated_at: '' };
    await box.queue({ id, idempotencyKey: id, kind: 'job_event', payload, bookingId, accountId: account(), undoMs }, { tables: [db.jobEvents], write: () => db.jobEvents.put(row) });
    void box.flush();
    return id;
  }

  return {
    async deleteBooking(id) {
      await api.deleteBooking(id);
      const m = mirror();
      const [charges, jobEvents] = await Promise.all([m.db.charges.where('booking').equals(id).primaryKeys(), m.db.jobEvents.where('booking').equals(id).primaryKeys()]);
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
      const payload: ReviewRequestPayload = { bookingId, stage };
      return queueAndWait<ReviewRequestSent>('review_request', bookingId, payload);
    },
    chargeBalance(req, idempotencyKey, estimateCents) {
      const payload: ChargePayload = { ...req, estimateCents };
      return queueAndWait<ChargeAnswer>('charge', req.bookingId, payload, idempotencyKey);
    },
    markDone(bookingId, kind) {
      return queueJobEvent(bookingId, kind, '', null, UNDO_MS);
    },
    undo(actionId) {
      return outbox().discard(actionId);
    },
    addNote(bookingId, text) {
      return queueJobEvent(bookingId, 'note', text);
    },
    addPhoto(bookingId, photo, caption) {
      return queueJobEvent(bookingId, 'photo', caption, photo);
    },
    async recordPayment(req) {
      const box = outbox();
      const db = mirror().db;
      const id = newClientId();
      const payload: PaymentPayload = { ...req };
      const row: AdminCharge = {
        id,
        booking: req.bookingId,
        kind: 'balance',
        amount: req.amountCents,
        description: paymentMethodText(req.method, req.checkNumber, req.note),
        status: 'queued',
        checkout_url: '',
        error: '',
        method: req.method,
        check_number: req.checkNumber,
        note: req.note,
        created_by: account(),
        created_at: pbDate(now()),
        updated_at: '',
      };
      await box.queue({ id, idempotencyKey: `payment-${id}`, kind: 'payment', payload, bookingId: req.bookingId, accountId: account() }, { tables: [db.charges], write: () => db.charges.put(row) });
      void box.flush();
      return id;
    },
    async voidPayment(bookingId, paymentId, reason) {
      const box = outbox();
      const payload: PaymentVoidPayload = { bookingId, paymentId, reason };
      const entry = await box.queue({ kind: 'payment_void', payload, bookingId, accountId: account() });
      void box.flush();
      return entry.id;
    },
    answerConsultation(change) {
      const payload: ConsultationStatusPayload = { ...change };
      return queueAndWait<ConsultationAnswer>('consultation_status', '', payload);
    },
    moveVisit(req) {
      const payload: VisitMovePayload = { ...req };
      return queueAndWait<MoveAnswer>('visit_move', req.bookingId, payload);
    },
    cancelBooking(bookingId, refund) {
      const payload: BookingCancelPayload = { bookingId, refund };
      return queueAndWait<CancelAnswer>('booking_cancel', bookingId, payload);
    },
    async saveAdminNotes(bookingId, adminNotes) {
      const box = outbox();
      const payload: AdminNotesPayload = { bookingId, adminNotes, editedAt: now().toISOString() };
      const entry = await box.queue({ kind: 'admin_notes', payload, bookingId, accountId: account() });
      void box.flush();
      return entry.id;
    },
  };
}

/** The app's mutations, over the app's mirror, outbox and the real server. */
export const adminMutations: AdminMutations = createMutations({
  mirror: adminMirror,
  api: { deleteBooking, updateTestimonial, deleteTestimonial },
  outbox: adminOutbox,
  // The stored admin's id also while the token has expired offline: the work is theirs.
  account: () => currentAdmin()?.id ?? offlineExpiredAdmin()?.id ?? '',
});
