/**
 * What Stripe answered for a booking's card refunds, recorded as a command (docs/decisions/045;
 * docs/architecture.md "The path of a command"). The refund runner (pb_hooks/src/lib/payments/
 * refund.ts runRefunds) asks Stripe outside any transaction, under a key per refund, then runs
 * this with the refunds made: each one still pending becomes `succeeded` with its Stripe id and
 * time (the deposit's `deposit_refund`, a charge's first refund in `refund_status`, a later one
 * in its `refunds` entry), `payment_status` follows the ledger (domain/money/ledger.ts), and
 * the refunds recorded get one receipt that lists each (a cancellation refunding the deposit and
 * a balance payment sends one receipt, not one per payment). For a cancelled booking or a payment conflict the
 * customer and the owner are told (their mail keys are once per booking), with whether every
 * card refund is now made. A refund already recorded (a second run, a webhook first) is skipped,
 * so a replay changes nothing: naturally idempotent. Pure; cents; times epoch ms.
 */
import { isCardMethod, movementsOf, paymentStatusOfRows, type BookingMoneyRow, type ChargeMoneyRow, type LedgerBooking } from '../money/ledger';
import type { RefundPart } from '../mail/receipts';
import { pbDate, type Change, type Command, whenFound } from './command';
import { isLive, NO_SUCH_BOOKING } from '../booking/lifecycle';
import { RefundStatus } from '../money/charge-lifecycle';

export const RECORD_REFUNDS_MESSAGES = { notFound: NO_SUCH_BOOKING } as const;

/** One refund Stripe made (or a demo refund): which, its Stripe id and its cents. */
export interface RefundMade {
  /** '' for the deposit, else the charge's id. */
  chargeId: string;
  /** The refund's number among the charge's (1: its first, in `refund_status`; 2…: a `refunds` entry); 0 for the deposit. */
  n: number;
  refundId: string;
  amountCents: number;
}

export interface RecordRefundsInput {
  bookingId: string;
  made: RefundMade[];
}

export interface RecordRefundsState {
  booking: (BookingMoneyRow & { id: string; refund_id: string }) | null;
  charges: ChargeMoneyRow[];
  /** The booking as the ledger reads it (lib/ledger-records.ts ledgerBookingOf). */
  book: LedgerBooking;
}

/** The receipt of the refunds recorded (each listed), or one of the two notices (customer, owner) of a cancelled or conflicting booking. */
export type RecordRefundsMail = { bookingId: string } & ({ kind: 'receipt'; refunds: RefundPart[] } | { kind: 'notice'; index: 0 | 1; refunded: boolean });

export interface RecordRefundsAnswer {
  /** Every card refund made and nothing waiting to be given back by hand. */
  allDone: boolean;
  recorded: number;
}

export const recordRefundsCommand: Command<RecordRefundsInput, RecordRefundsState, RecordRefundsMail, RecordRefundsAnswer> = {
  name: 'record-refunds',
  parse: (body) =>
    typeof body.bookingId === 'string' && Array.isArray(body.made)
      ? { ok: true, value: { bookingId: body.bookingId, made: body.made as RefundMade[] } }
      : { ok: false, message: RECORD_REFUNDS_MESSAGES.notFound },
  idempotency: { by: 'natural', header: 'none', why: 'a refund already recorded is skipped' },
  decide: whenFound('booking', RECORD_REFUNDS_MESSAGES.notFound, (b0, state, input, nowMs) => {
    const at = pbDate(nowMs);
    let b = { ...b0 };
    const charges = state.charges.map((c) => ({ ...c, refunds: [...(c.refunds ?? [])] }));
    const touched = new Set<string>();
    const refunded: RefundPart[] = [];
    const bookingFields: Record<string, string> = {};
    const chargeFields = new Map<string, Record<string, string>>();
    for (const m of input.made) {
      let of = 'deposit';
      if (!m.chargeId) {
        if (b.refund_id) continue;
        b = { ...b, deposit_refund: RefundStatus.Succeeded, refund_id: m.refundId };
        Object.assign(bookingFields, { deposit_refund: RefundStatus.Succeeded, refund_id: m.refundId, refunded_at: at });
      } else {
        const i = charges.findIndex((c) => c.id === m.chargeId);
        const c = charges[i];
        if (!c) continue;
        of = c.kind;
        if (m.n <= 1) {
          if (c.refund_status !== RefundStatus.Pending) continue;
          charges[i] = { ...c, refund_status: RefundStatus.Succeeded };
          chargeFields.set(c.id, { ...(chargeFields.get(c.id) ?? {}), refund_status: RefundStatus.Succeeded, refund_id: m.refundId, refunded_at: at });
        } else {
          const j = c.refunds.findIndex((r) => r.n === m.n);
          if (j < 0 || c.refunds[j]!.status !== RefundStatus.Pending) continue;
          c.refunds[j] = { ...c.refunds[j]!, status: RefundStatus.Succeeded, refund_id: m.refundId, refunded_at: at };
        }
        touched.add(c.id);
      }
      refunded.push({ of, refundId: m.refundId, amountCents: m.amountCents });
    }
    const status = paymentStatusOfRows(b, charges, state.book);
    const changes: Change[] = [];
    for (const c of charges) {
      if (!touched.has(c.id)) continue;
      changes.push({ op: 'update', collection: 'charges', id: c.id, fields: { ...(chargeFields.get(c.id) ?? {}), refunds: c.refunds } });
    }
    // Its payment_status follows from the rows written: the runner derives it (docs/decisions/061).
    if (Object.keys(bookingFields).length > 0) changes.push({ op: 'update', collection: 'bookings', id: b0.id, fields: bookingFields });
    const movements = movementsOf({ ...b, payment_status: status }, charges);
    const cardsMade = !movements.some((m) => m.direction === 'refund' && m.status === RefundStatus.Pending && isCardMethod(m.method));
    const byHand = movements.some((m) => m.direction === 'refund' && m.status === RefundStatus.ToReturn);
    // Only a cancelled booking or a payment conflict has something to tell besides the receipts.
    const told = !isLive(b0);
    const notices: RecordRefundsMail[] = told ? [0, 1].map((index) => ({ bookingId: b0.id, kind: 'notice', index: index as 0 | 1, refunded: cardsMade })) : [];
    const receipts: RecordRefundsMail[] = refunded.length > 0 ? [{ bookingId: b0.id, kind: 'receipt', refunds: refunded }] : [];
    return { changes, mails: [...notices, ...receipts], answer: { allDone: cardsMade && !byHand, recorded: refunded.length } };
  }),
};
