/**
 * Applies a paid checkout session to its booking, from whichever path learns of it first (demo
 * Pay, verify-booking-payment, the Stripe webhook), on the command path (docs/architecture.md
 * "The path of a command" and reading 15; docs/decisions/010, 047): the rule is
 * domain/commands/settle-deposit-command.ts, run by the runner's `executeCommand` in ONE
 * transaction that re-reads the booking and its slots:
 * - a payable booking whose slots are still free is confirmed (deposit paid), its e-mails (the
 *   confirmation, the owner's notice, the deposit's receipt) queued in mail_log with it and sent
 *   after the commit, and its conversion recorded (docs/decisions/039);
 * - a booking that can no longer own its slots becomes `payment_conflict` with its deposit's
 *   refund queued: the caller refunds it outside the transaction (lib/payments/refund.ts);
 * - a booking already settled is left untouched, so a redelivered signal changes nothing.
 * The card's brand and last 4 digits are stored when the signal knew them (an admin-only field).
 */
import { bookingFieldsOf } from '../booking-row';
import type { PaymentBookingRow } from '@domain/commands/booking-money';
import { settleDepositCommand, type SettleDepositAnswer, type SettleDepositInput, type SettleDepositMail, type SettleDepositState } from '@domain/commands/settle-deposit-command';
import { findBySession, visitsFreeFor } from '../booking-store/bookings-repo';
import { BOOKING_MONEY_FIELDS, type ChargeMoneyRow } from '@domain/money/ledger';
import { nowMs } from '../clock';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { bookingConfirmationMails } from '../mail/booking-confirmation';
import type { QueuedMail } from '../mail/mail-outbox';
import { depositReceiptMail } from '../mail/receipts';
import { configuredOrigin } from '../http';
import { issueManageToken, manageUrl } from '../booking-store/manage-links';
import { loadCrews } from '../settings';
import { chargeMoneyRowOf, chargesOfBooking } from '../ledger-records';
import { conversionCounted } from './payment-conversion';
import type { SettleOutcome } from '@domain/commands/settle-outcome';

/** What the payment provider tells about the paid session ('' or absent when it did not say). */
export interface PaymentIds {
  paymentIntentId: string;
  customerId?: string;
  paymentMethodId?: string;
  /** The card's brand ('visa', …) and last 4 digits, to name the card on file. */
  cardBrand?: string;
  cardLast4?: string;
}

export interface SettleResult {
  bookingId: string;
  /** confirmed: the deposit is recorded; conflict: the payment must be refunded. */
  outcome: SettleOutcome;
  /** True only for the call that made the change (so refunds run once; its e-mails went already). */
  changed: boolean;
}

/** The booking fields the payment commands read, from record `r`. */
export function paymentBookingRow(r: core.Record): PaymentBookingRow {
  return bookingFieldsOf(r, [...BOOKING_MONEY_FIELDS, 'id', 'install_done_at', 'removal_done_at', 'removal_date', 'removal_time_slot', 'removal_hold']);
}

/** The charges of booking `bookingId` as the ledger reads them (read in `tx`). */
export function chargeRows(tx: CoreApp, bookingId: string): ChargeMoneyRow[] {
  return chargesOfBooking(tx, bookingId).map(chargeMoneyRowOf);
}

/** The manage link of a confirmation's e-mail (each e-mail its own, docs/decisions/027). */
const linkFor = (tx: CoreApp, rec: core.Record) => manageUrl(configuredOrigin(tx), issueManageToken(tx, rec));

/** Booking `rec`'s confirmation e-mail of `kind`, composed from the booking as changed. */
function depositMail(tx: CoreApp, rec: core.Record, kind: SettleDepositMail['kind']): QueuedMail {
  if (kind === 'receipt') return depositReceiptMail(rec, linkFor(tx, rec));
  // The owner's notice carries no manage link: no token is issued for it.
  const [customer, notice] = bookingConfirmationMails(rec, kind === 'confirmation' ? linkFor(tx, rec) : '');
  return kind === 'confirmation' ? customer! : notice!;
}

/** The settle-deposit command on the server; run through `executeCommand` by the three signals (no route of its own). */
export const settleDeposit: ServerCommand<SettleDepositInput, SettleDepositState, SettleDepositMail, SettleDepositAnswer> = {
  command: settleDepositCommand,
  path: '/api/fn/stripe-webhook',
  load(tx, input) {
    const rec = findBySession(tx, input.sessionId);
    if (!rec) return { booking: null, slotsFree: false, charges: [], converted: false };
    return {
      booking: { ...paymentBookingRow(rec), ...bookingFieldsOf(rec, ['booked_by', 'checkout_session_id']) },
      slotsFree: visitsFreeFor(tx, rec, nowMs(), loadCrews(tx)),
      charges: chargeRows(tx, rec.id),
      converted: conversionCounted(tx, rec.id),
    };
  },
  composeMail: (tx, m) => depositMail(tx, tx.findRecordById('bookings', m.bookingId), m.kind),
  respond: (_app, a) => a,
};

/**
 * Settles the booking of `sessionId` with the payment `ids` (the e-mails of a confirmation are
 * sent before it returns). Returns null when no booking has that session. Never calls Stripe:
 * the caller refunds a conflict (complete-payment.ts). Throws when the write fails (our 5xx).
 */
export function settlePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): SettleResult | null {
  const input: SettleDepositInput = {
    sessionId,
    paymentIntentId: ids.paymentIntentId,
    customerId: ids.customerId ?? '',
    paymentMethodId: ids.paymentMethodId ?? '',
    cardBrand: ids.cardBrand ?? '',
    cardLast4: ids.cardLast4 ?? '',
  };
  const run = executeCommand(app, settleDeposit, input, { staffId: '', origin: '', fingerprint: '' });
  // A state `transition` refuses (a booking neither waiting nor lapsed, yet not settled): nothing changes.
  if (run.kind !== 'answered') return null;
  const a = run.body as SettleDepositAnswer;
  return a.outcome ? { bookingId: a.bookingId, outcome: a.outcome, changed: a.changed } : null;
}
