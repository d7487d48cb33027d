/**
 * POST /api/fn/admin-refunds/returned (docs/decisions/045), admin only: the owner gave back by
 * hand money that came in as cash, a check or another way, for a cancelled booking or an
 * excess. Body { bookingId, paymentId: 'deposit' | <charge id> } → 200 { booking }. In one
 * transaction the refund waiting 'to return' becomes 'returned', the booking's payment status
 * follows the ledger and the customer's refund receipt is queued (only now: no receipt for
 * money nobody returned yet). Marking it again answers as it is.
 * Refused: 400 a malformed body; 404 no such booking; 409 nothing of that payment waits to be
 * given back. On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/refund-returned-command.ts.
 */
import { refundReturnedCommand, type RefundReturnedAnswer, type RefundReturnedInput, type RefundReturnedState, type ReturnedReceiptMail } from '@domain/commands/refund-returned-command';
import { findBooking } from '../booking-store/bookings-repo';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { ledgerRefundReceiptMail } from '../mail/receipts';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking, ledgerBookingOf, movementsOfRecords } from '../ledger-records';

export { RETURNED_MESSAGES } from '@domain/commands/refund-returned-command';

const handOf = (r: core.Record, prefix: string) => ({
  method: r.getString(`${prefix}method`),
  checkNumber: r.getString(`${prefix}check_number`),
  note: r.getString(`${prefix}note`),
});

export const refundReturned: ServerCommand<RefundReturnedInput, RefundReturnedState, ReturnedReceiptMail, RefundReturnedAnswer> = {
  command: refundReturnedCommand,
  path: '/api/fn/admin-refunds/returned',
  load(tx, input) {
    const b = findBooking(tx, input.bookingId);
    if (!b) return { booking: null };
    const charges = chargesOfBooking(tx, b.id);
    return {
      booking: {
        id: b.id,
        deposit: handOf(b, 'deposit_'),
        money: { booking: bookingMoneyRowOf(b), charges: charges.map(chargeMoneyRowOf), ledger: ledgerBookingOf(b, charges) },
        movements: movementsOfRecords(b, charges),
        charges: charges.map((c) => ({ id: c.id, ...handOf(c, '') })),
      },
    };
  },
  composeMail: (tx, m) => ledgerRefundReceiptMail(tx.findRecordById('bookings', m.bookingId), [{ of: '', refundId: `returned-${m.paymentId}`, amountCents: m.amountCents }], m.byHand),
  respond: (app, a) => ({ booking: app.findRecordById('bookings', a.bookingId) }),
};

export function refundReturnedRoute(e: core.RequestEvent): void {
  runCommand(e, refundReturned);
}
