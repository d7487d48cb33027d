/**
 * The app's one outbox (one per page), over the admin's database and the real server, created
 * on first use (docs/decisions/016). Entries are sent only for the signed-in admin
 * whose session is usable; the answer of each goes into the mirror, and a discarded entry's
 * optimistic row is removed.
 */
import { chargeBookingBalance } from './api/charge-booking-balance';
import { createJobEvent } from './api/create-job-event';
import { cancelBooking } from './api/cancel-booking';
import { moveVisit } from './api/move-visit';
import { answerConsultation } from './api/consultation-status';
import { recordPayment, voidPayment } from './api/record-payment';
import { saveAdminNotes } from './api/save-admin-notes';
import { sendReviewRequest } from './api/send-review-request';
import { adminMirror } from './admin-data';
import { adminDb } from './db';
import { currentAdmin } from './session/admin-session';
import { Outbox } from './outbox/outbox';
import { applyAnswer, sendEntry, undoLocalChange, type OutboxApi } from './outbox/outbox-payloads';
import { logWarning } from '@/lib/log';

const api: OutboxApi = { createJobEvent, chargeBookingBalance, sendReviewRequest, saveAdminNotes, recordPayment, voidPayment, cancelBooking, moveVisit, answerConsultation };

let instance: Outbox | null = null;

export function adminOutbox(): Outbox {
  instance ??= new Outbox(adminDb(), {
    send: (entry) => sendEntry(api, entry),
    // currentAdmin() is null while the token has expired: work waits for the sign-in.
    account: () => currentAdmin()?.id ?? null,
    onSent: (entry, answer) => applyAnswer(adminMirror(), entry, answer),
    onDiscard: (entry) => undoLocalChange(adminDb(), entry),
    onFailure: (entry, failure) => logWarning(`Outbox: ${entry.kind} ${entry.id} not sent (${failure.status}): ${failure.message}`),
  });
  return instance;
}
