/**
 * Payments that arrive for a booking (or a charge) that no longer exists, because the owner
 * deleted it while a payment link was still open somewhere (docs/decisions/021), or that the
 * booking no longer expects (a second deposit through an older checkout page): the money is
 * refunded in full under a key per payment (a redelivered event never refunds twice) and the
 * owner is e-mailed, once per payment, whether or not the refund could be made. The notice is
 * queued through the mail outbox by a mail-only command on the runner (executeCommand), never
 * sent from here (docs/decisions/021 and 064).
 */
import type { Command } from '@domain/commands/command';
import { findBooking } from '../booking-store/bookings-repo';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { orphanPaymentNotice } from '../mail/owner-notices';
import { paymentMode } from './mode';
import { createRefund } from './stripe';
import { logError } from '../log';

/** A payment refunded (or not) for a booking deleted or paid another way: the owner's notice. */
interface OrphanPayment {
  bookingId: string;
  paymentIntentId: string;
  /** The payment, cents. */
  amountCents: number;
  refunded: boolean;
}

/** The owner's notice of an orphan payment: no change, one e-mail (its mail_log key keeps it to one per payment). */
const orphanPaymentCommand: Command<OrphanPayment, null, OrphanPayment, null> = {
  name: 'orphan-payment-notice',
  parse: () => ({ ok: false, message: 'Not a request.' }),
  idempotency: { by: 'natural', header: 'none', why: "the notice's mail_log key is the payment's: a redelivered event queues nothing new" },
  decide: (_state, input) => ({ changes: [], mails: [input], answer: null }),
};

const orphanPaymentNoticeCommand: ServerCommand<OrphanPayment, null, OrphanPayment, null> = {
  command: orphanPaymentCommand,
  // Caused by Stripe's events (never a request of its own): the webhook's path.
  path: '/api/fn/stripe-webhook',
  load: () => null,
  // Said as it is: a booking that still exists was paid twice, not deleted.
  composeMail: (tx, m) => orphanPaymentNotice(m.bookingId, m.paymentIntentId, m.amountCents, m.refunded, findBooking(tx, m.bookingId)),
  respond: () => null,
};

/**
 * Refunds PaymentIntent `paymentIntentId` (`amountCents`) paid for booking `bookingId`, deleted
 * or paid another way, and reports it as what it is. Returns whether the refund was made. Never throws.
 */
export function refundOrphanPayment(app: CoreApp, bookingId: string, paymentIntentId: string, amountCents: number): boolean {
  // Only payments our checkouts made (they name a booking): never someone else's on the same account.
  if (!paymentIntentId || !bookingId || paymentMode() === 'demo') return false;
  let refunded = false;
  try {
    createRefund(paymentIntentId, `refund-orphan-${paymentIntentId}`, { booking_id: bookingId, reason: 'booking_deleted' });
    refunded = true;
  } catch (err) {
    logError(`refund: payment ${paymentIntentId} for deleted booking ${bookingId}: ${String(err)}`);
  }
  try {
    executeCommand(app, orphanPaymentNoticeCommand, { bookingId, paymentIntentId, amountCents, refunded }, { staffId: '', origin: '', fingerprint: '' });
  } catch (err) {
    logError(`refund: reporting payment ${paymentIntentId}: ${String(err)}`);
  }
  return refunded;
}
