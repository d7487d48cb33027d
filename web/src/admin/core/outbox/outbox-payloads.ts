/**
 * What each kind of outbox entry carries (OutboxEntry.payload), and how an entry is sent and
 * its answer put into the mirror (docs/decisions/016). Each kind is one server route
 * that applies the entry's key once (job events by their client-made id, charges and review
 * requests by their Idempotency-Key; an admin-notes edit is harmless to repeat).
 */
import type { JobEventKind } from '@domain/job-events';
import type { ReviewStage } from '@domain/reviews';
import type { ChargeAnswer, ChargeRequest } from '../api/charge-booking-balance';
import type { JobEventAnswer, JobEventRequest } from '../api/create-job-event';
import type { AdminNotesAnswer, AdminNotesEdit } from '../api/save-admin-notes';
import type { ReviewRequestSent } from '../api/send-review-request';
import type { PaymentAnswer } from '../api/record-payment';
import type { CancelAnswer } from '../api/cancel-booking';
import type { MoveAnswer, VisitMoveRequest } from '../api/move-visit';
import type { ConsultationAnswer, ConsultationChange } from '../api/consultation-status';
import type { RecordedPaymentRequest } from '@domain/recorded-payments';
import type { AdminDb } from '../db';
import type { Mirror } from '../sync/mirror';
import type { ServerRow } from '../sync/transport';
import type { OutboxEntry, StoredPhoto } from '../model/outbox-entry';

export interface JobEventPayload {
  [key: string]: unknown;
  bookingId: string;
  kind: JobEventKind;
  text: string;
  /** ISO instant the action was taken. */
  occurredAt: string;
  photo?: StoredPhoto | null;
}

export interface ChargePayload extends ChargeRequest {
  [key: string]: unknown;
  /** What the dialog showed (cents): for the queued line only; the server prices it again. */
  estimateCents: number;
}

export interface ReviewRequestPayload {
  [key: string]: unknown;
  bookingId: string;
  stage: ReviewStage;
}

export type AdminNotesPayload = AdminNotesEdit & { [key: string]: unknown };

/** A payment taken at the door (docs/decisions/030); the entry's id is the payment's record id. */
export type PaymentPayload = RecordedPaymentRequest & { [key: string]: unknown };

/** The owner's cancellation of a booking, the deposit refunded or kept (docs/decisions/032). */
export interface BookingCancelPayload {
  [key: string]: unknown;
  bookingId: string;
  refund: boolean;
}

/** The owner's move of a visit to another slot (docs/decisions/036). */
export type VisitMovePayload = VisitMoveRequest & { [key: string]: unknown };

/** The owner's answer to a consultation request (docs/decisions/033). */
export type ConsultationStatusPayload = ConsultationChange & { [key: string]: unknown };

export interface PaymentVoidPayload {
  [key: string]: unknown;
  bookingId: string;
  paymentId: string;
  reason: string;
}

/** The server calls the outbox makes (the api/ files; faked in tests). */
export interface OutboxApi {
  createJobEvent(req: JobEventRequest): Promise<JobEventAnswer>;
  chargeBookingBalance(req: ChargeRequest, idempotencyKey: string): Promise<ChargeAnswer>;
  sendReviewRequest(bookingId: string, stage: ReviewStage, idempotencyKey?: string): Promise<ReviewRequestSent>;
  saveAdminNotes(edit: AdminNotesEdit): Promise<AdminNotesAnswer>;
  recordPayment(id: string, req: RecordedPaymentRequest, idempotencyKey: string): Promise<PaymentAnswer>;
  voidPayment(paymentId: string, reason: string, idempotencyKey: string): Promise<PaymentAnswer>;
  cancelBooking(bookingId: string, refund: boolean, idempotencyKey: string): Promise<CancelAnswer>;
  moveVisit(req: VisitMoveRequest, idempotencyKey: string): Promise<MoveAnswer>;
  answerConsultation(change: ConsultationChange, idempotencyKey: string): Promise<ConsultationAnswer>;
}

/** Sends one entry through its route; resolves with the server's answer, rejects like the SDK. */
export function sendEntry(api: OutboxApi, entry: OutboxEntry): Promise<unknown> {
  switch (entry.kind) {
    case 'job_event': {
      const p = entry.payload as JobEventPayload;
      return api.createJobEvent({ clientId: entry.id, bookingId: p.bookingId, kind: p.kind, text: p.text, occurredAt: p.occurredAt, photo: p.photo ?? null });
    }
    case 'charge': {
      const p = entry.payload as ChargePayload;
      return api.chargeBookingBalance({ bookingId: p.bookingId, additionalCharges: p.additionalCharges, chargeDescription: p.chargeDescription }, entry.idempotencyKey);
    }
    case 'review_request': {
      const p = entry.payload as ReviewRequestPayload;
      return api.sendReviewRequest(p.bookingId, p.stage, entry.idempotencyKey);
    }
    case 'admin_notes':
      return api.saveAdminNotes(entry.payload as AdminNotesPayload);
    case 'payment': {
      const p = entry.payload as PaymentPayload;
      return api.recordPayment(entry.id, { bookingId: p.bookingId, method: p.method, amountCents: p.amountCents, checkNumber: p.checkNumber, note: p.note }, entry.idempotencyKey);
    }
    case 'payment_void': {
      const p = entry.payload as PaymentVoidPayload;
      return api.voidPayment(p.paymentId, p.reason, entry.idempotencyKey);
    }
    case 'booking_cancel': {
      const p = entry.payload as BookingCancelPayload;
      return api.cancelBooking(p.bookingId, p.refund, entry.idempotencyKey);
    }
    case 'visit_move': {
      const p = entry.payload as VisitMovePayload;
      return api.moveVisit({ bookingId: p.bookingId, visit: p.visit, date: p.date, timeSlot: p.timeSlot }, entry.idempotencyKey);
    }
    case 'consultation_status': {
      const p = entry.payload as ConsultationStatusPayload;
      return api.answerConsultation({ id: p.id, action: p.action, date: p.date, timeSlot: p.timeSlot }, entry.idempotencyKey);
    }
  }
}

const asRows = (...rows: unknown[]) => rows.filter((r): r is ServerRow => !!r && typeof r === 'object' && typeof (r as ServerRow).id === 'string');

/**
 * Puts the records of a sent entry's answer into the mirror: the job event (replacing the
 * optimistic row of the same id) and, for a done mark, its booking; the charge and its booking;
 * a recorded or voided payment (replacing its optimistic row) and its booking;
 * the booking of a notes edit, a cancellation or a move. A review request changes nothing the admin mirrors.
 */
export async function applyAnswer(mirror: Mirror, entry: OutboxEntry, answer: unknown): Promise<void> {
  const a = (answer ?? {}) as Record<string, unknown>;
  if (entry.kind === 'job_event') {
    await mirror.apply('job_events', asRows(a.event));
    // Only a done mark changes its booking; writing an unchanged booking would make every
    // screen listing the bookings read them all again.
    const kind = (entry.payload as JobEventPayload).kind;
    if (kind === 'install_done' || kind === 'removal_done') await mirror.apply('bookings', asRows(a.booking));
  } else if (entry.kind === 'charge') {
    await mirror.apply('charges', asRows(a.charge));
    await mirror.apply('bookings', asRows(a.booking));
  } else if (entry.kind === 'admin_notes' || entry.kind === 'booking_cancel' || entry.kind === 'visit_move') {
    await mirror.apply('bookings', asRows(a.booking));
  } else if (entry.kind === 'consultation_status') {
    await mirror.apply('consultation_requests', asRows(a.consultation));
  } else if (entry.kind === 'payment' || entry.kind === 'payment_void') {
    await mirror.apply('charges', asRows(a.payment));
    await mirror.apply('bookings', asRows(a.booking));
  }
}

/** Undoes a discarded entry's optimistic change: a job event's or a payment's local row. */
export async function undoLocalChange(db: AdminDb, entry: OutboxEntry): Promise<void> {
  // Only the optimistic row (no server time yet); a row the server sent stays.
  if (entry.kind === 'job_event') {
    const row = await db.jobEvents.get(entry.id);
    if (row && !row.updated_at) await db.jobEvents.delete(entry.id);
  } else if (entry.kind === 'payment') {
    const row = await db.charges.get(entry.id);
    if (row && !row.updated_at) await db.charges.delete(entry.id);
  }
}
