/**
 * Every write the admin makes to mirrored data (docs/architecture.md "Admin data and sync"). Screens call
 * only these functions.
 *
 * On-site actions go through the outbox (docs/decisions/016): install and removal
 * done, notes, photos, the admin's own booking note, the balance and damages charge, review
 * requests, payments at the door and their voids, cancellations, moves and consultation answers.
 * Each is queued by queueAction (or queueActionAndWait) with the kind of its spec
 * (outbox/action-registry.ts): written to the outbox with the spec's key and optimistic row in
 * the same Dexie transaction, it works offline; the outbox sends it when it can, exactly once
 * on the server. A charge, a review request, a cancellation, a move and a consultation answer
 * wait a little for the server's answer, so online the screen shows the outcome at once, and
 * offline it shows 'queued'. The named functions below are those calls with their payloads.
 *
 * Back-office edits that only make sense online (deleting a booking, approving, featuring or
 * deleting a review) go to the server and then put the server's answer into the mirror (or
 * remove what the server deleted); they reject with the server's error and leave the mirror
 * unchanged. *
 * The online writes that change nothing the mirror holds, or whose change comes back to the
 * mirror by realtime (settings, seasons, blocked days, the calendar feed's link, the waitlist's offer,
 * skip and remove, a refund given back by hand, a fresh manage link, the phone booking, a
 * blocked day's choice, a customer's erasure, the account and its sessions), are the core/api/ calls re-exported at the
 * end of this file, unchanged. So a screen under admin/features writes only through this file
 * (or the outbox it queues to) and reads the server only through core/reads.ts: the lint refuses
 * a feature's import of core/api/ (eslint.config.js, tests/lint/boundaries.test.ts).
 */
import { ClientResponseError } from 'pocketbase';
import type { JobEventKind } from '@domain/booking/job-events';
import type { RecordedPaymentRequest } from '@domain/money/recorded-payments';
import type { ReviewStage } from '@domain/reviews/reviews';
import type { ChargeAnswer, ChargeRequest } from './api/charge-booking-balance';
import { deleteBooking } from './api/delete-booking';
import { deleteTestimonial } from './api/delete-testimonial';
import type { ReviewRequestSent } from './api/send-review-request';
import { updateTestimonial } from './api/update-testimonial';
import { adminOutbox } from './admin-outbox';
import { newClientId, type OutboxEntry, type StoredPhoto } from './model/outbox-entry';
import type { Outbox } from './outbox/outbox';
import { actionFor, type AnswerOf, type OutboxKind, type PayloadOf } from './outbox/action-registry';
import { str, type Payload } from './outbox/action-spec';
import type { JobEventPayload } from './outbox/actions/job-event-action';
import type { CancelAnswer, CancelExtras } from './api/cancel-booking';
import type { MoveAnswer, VisitMoveRequest } from './api/move-visit';
import type { ConsultationAnswer, ConsultationChange } from './api/consultation-status';
import { currentAdmin, offlineExpiredAdmin } from './session/admin-session';
import { adminMirror } from './admin-data';
import type { Mirror } from './sync/mirror';
import { tableOf } from './sync/collections';

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

/** How an action is queued besides its kind and payload. */
export interface QueueOptions {
  /** How long the admin may take it back (undo) before it is sent (ms; a done mark's UNDO_MS). */
  undoMs?: number;
  /** The key to send instead of the spec's (a charge: one per attempt, made by its dialog). */
  idempotencyKey?: string;
}

export interface AdminMutations {
  /**
   * Queues offline action `kind` (outbox/action-registry.ts) with `payload`, its optimistic row
   * (the spec's) in the same Dexie transaction, and starts a flush. Resolves with the action's
   * id (its client-made id) once it is stored; works offline.
   */
  queueAction<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, options?: QueueOptions): Promise<string>;
  /**
   * As queueAction, then waits for the server: resolves with its answer when it comes within
   * ANSWER_WAIT_MS, else `queued` (offline, backing off, waiting for a sign-in: it stays queued).
   * Rejects with the server's refusal; the refused action is then discarded (its optimistic
   * change undone), since the screen showed why.
   */
  queueActionAndWait<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, options?: QueueOptions): Promise<Queued<AnswerOf<K>>>;
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
   * Cancels booking `bookingId` (docs/decisions/032), the deposit refunded or kept (or `extras`:
   * her own refund amount and a message for the customer), through the
   * outbox (the server applies it once); then as sendReviewRequest: the answer when it comes
   * within ANSWER_WAIT_MS, else `queued`; rejects with the server's refusal.
   */
  cancelBooking(bookingId: string, refund: boolean, extras?: CancelExtras): Promise<Queued<CancelAnswer>>;
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

/** The mutations over a given mirror, server API and outbox (tests pass fakes). */
export function createMutations(deps: MutationDeps): AdminMutations {
  const { mirror, api, outbox, account } = deps;
  const now = deps.now ?? (() => new Date());
  const waitMs = deps.answerWaitMs ?? ANSWER_WAIT_MS;

  /** Stores the entry of `kind` with its spec's key and optimistic row, in one transaction. */
  function enqueue(kind: OutboxKind, payload: Payload, options: QueueOptions = {}): Promise<OutboxEntry> {
    const spec = actionFor(kind)!;
    const id = newClientId();
    const entry = {
      id,
      kind,
      payload,
      accountId: account(),
      bookingId: spec.bookingId ? spec.bookingId(payload) : str(payload.bookingId),
      idempotencyKey: options.idempotencyKey ?? spec.key?.(id) ?? `${kind}-${id}`,
      undoMs: options.undoMs,
    };
    const optimistic = spec.optimistic?.(entry, { at: now() });
    if (!optimistic) return outbox().queue(entry);
    const table = tableOf(mirror().db, optimistic.collection);
    return outbox().queue(entry, { tables: [table], write: () => table.put(optimistic.row) });
  }

  async function queueAction<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, options?: QueueOptions): Promise<string> {
    const entry = await enqueue(kind, payload as Payload, options);
    void outbox().flush();
    return entry.id;
  }

  async function queueActionAndWait<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, options?: QueueOptions): Promise<Queued<AnswerOf<K>>> {
    const box = outbox();
    const entry = await enqueue(kind, payload as Payload, options);
    const outcome = box.waitFor(entry.id, waitMs);
    void box.flush();
    const result = await outcome;
    if (result.state === 'sent') return { queued: false, answer: result.answer as AnswerOf<K> };
    if (result.state === 'queued') return { queued: true };
    // Refused while the admin is looking: shown on this screen, not kept for later.
    await box.discard(entry.id);
    throw new ClientResponseError({ status: result.status, response: { message: result.message } });
  }

  /** A job event's payload, taken now. */
  const jobEvent = (bookingId: string, kind: JobEventKind, text: string, photo: StoredPhoto | null = null): JobEventPayload => ({
    bookingId,
    kind,
    text,
    occurredAt: now().toISOString(),
    photo,
  });

  return {
    queueAction,
    queueActionAndWait,
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
      return queueActionAndWait('review_request', { bookingId, stage });
    },
    chargeBalance(req, idempotencyKey, estimateCents) {
      return queueActionAndWait('charge', { ...req, estimateCents }, { idempotencyKey });
    },
    markDone(bookingId, kind) {
      return queueAction('job_event', jobEvent(bookingId, kind, ''), { undoMs: UNDO_MS });
    },
    undo(actionId) {
      return outbox().discard(actionId);
    },
    addNote(bookingId, text) {
      return queueAction('job_event', jobEvent(bookingId, 'note', text));
    },
    addPhoto(bookingId, photo, caption) {
      return queueAction('job_event', jobEvent(bookingId, 'photo', caption, photo));
    },
    recordPayment(req) {
      return queueAction('payment', { ...req });
    },
    voidPayment(bookingId, paymentId, reason) {
      return queueAction('payment_void', { bookingId, paymentId, reason });
    },
    answerConsultation(change) {
      return queueActionAndWait('consultation_status', { ...change });
    },
    moveVisit(req) {
      return queueActionAndWait('visit_move', { ...req });
    },
    cancelBooking(bookingId, refund, extras = {}) {
      return queueActionAndWait('booking_cancel', { bookingId, refund, ...extras });
    },
    saveAdminNotes(bookingId, adminNotes) {
      return queueAction('admin_notes', { bookingId, adminNotes, editedAt: now().toISOString() });
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

// The online writes a screen makes that need no mirror or outbox work (see the file's comment);
// each call's docstring in core/api/ gives its shapes and errors.
export { newIdempotencyKey, type ChargeAnswer } from './api/charge-booking-balance';
export { saveSetting } from './api/save-setting';
export { createBlockedDate } from './api/create-blocked-date';
export { deleteBlockedDate } from './api/delete-blocked-date';
export { chooseForBlockedDay } from './api/blocked-day-choice';
export { rotateCalendarFeed } from './api/rotate-calendar-feed';
export { offerWaitlistSlot, removeWaitlistEntry, skipWaitlistEntry, type WaitlistAnswer } from './api/admin-waitlist';
export { markRefundReturned } from './api/mark-refund-returned';
export { sendFreshLink } from './api/send-fresh-link';
export { createPhoneBooking, openOfferSentence } from './api/create-phone-booking';
export { signIn } from './api/sign-in';
export { setupAdmin, SETUP_ADMIN_MESSAGES, type CreatedAdmin } from './api/setup-admin';
export { changeEmail } from './api/change-email';
export { changePassword } from './api/change-password';
export { passwordResetRequestProblem, requestPasswordReset } from './api/request-password-reset';
export { confirmPasswordReset, isDeadResetLink, passwordResetConfirmProblem } from './api/confirm-password-reset';
export { signOutEverywhere } from './api/sign-out-everywhere';
export { saveSeason } from './api/seasons';
export { requestErasure, type EraseAnswer } from './api/erase-customer';
