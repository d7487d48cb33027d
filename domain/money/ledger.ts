/**
 * A booking's money as one ledger of movements (docs/decisions/045; docs/decisions/013, 021,
 * 026, 029, 030, 032): every payment, refund, void and dispute, what kind of money it is, how
 * it came in or goes out, and where it stands. One pure derivation, `moneyOf`, answers what is
 * owed, paid, due, refundable (per payment, per method), pending and in excess, and which
 * collection is open; `refundsToQueue` says which refunds a cancellation or an excess needs,
 * each by the way its money came in (a card back to the card through Stripe; cash, a check or
 * another way 'to return' by hand, until the owner marks it returned). Integer cents
 * (docs/architecture.md reading 1). Pure: no clock, no I/O.
 */
import type { Kept } from '../booking/policy';
import { formatCents } from './cents';
import { BookingStatus, isPaid, isRefunded, PaymentStatus } from '../booking/lifecycle';
import { asRefundStatus, type RefundStatus, ChargeStatus } from './charge-lifecycle';
import { RefundLineState } from './refund-line-state';
import type { BookingFields, BookingRow } from '../booking/booking-row';
import type { ChargeFields, ChargeRow } from './charge-row';
import { oneOfOr } from '../one-of';

export const MOVEMENT_KINDS = ['deposit', 'balance', 'removal', 'damages', 'tip'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_METHODS = ['card_checkout', 'card_off_session', 'payment_link', 'cash', 'check', 'other'] as const;
export type MovementMethod = (typeof MOVEMENT_METHODS)[number];
export type MovementDirection = 'payment' | 'refund' | 'void' | 'dispute';
/**
 * pending (waiting: a request in flight, a Checkout or link open, a refund queued for Stripe),
 * processing (the bank has it), succeeded, failed, voided (a recorded payment taken back), and
 * for a refund of cash or a check, to_return then returned. A dispute is pending while open,
 * succeeded when the bank took the money back, failed when it was won.
 */
export const MOVEMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'voided', 'to_return', 'returned'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

export interface Movement {
  /** Unique within the booking: 'deposit', a charge's id, '<id>:refund'. */
  id: string;
  kind: MovementKind;
  method: MovementMethod;
  direction: MovementDirection;
  status: MovementStatus;
  amountCents: number;
  /** For a refund, void or dispute: the id of the payment it reverses. */
  of?: string;
  /**
   * A refund the owner chose to give (part of a charge given back, domain/commands/
   * refund-charge-command.ts): the money is no longer owed, so it lowers what a live booking
   * owes by its amount. A refund of an excess or of a cancellation never waives.
   */
  waives?: boolean;
}

/** The booking as the ledger reads it. */
export interface LedgerBooking {
  /** The price agreed, in cents, with any paid removal (`total_price`). */
  totalCents: number;
  depositCents: number;
  /** The booking is cancelled (or its payment could not own its slot): only `kept` is owed. */
  cancelled: boolean;
  /**
   * What a cancelled booking keeps (domain/booking/policy.ts keptOnCancel): 'deposit' keeps the
   * deposit less any part of it refunded (the owner's cancel may give back part of it,
   * domain/commands/booking-cancel-command.ts ownerRefundSplit); 'nothing' keeps nothing.
   */
  kept: Kept;
}

export interface Refundable {
  id: string;
  kind: MovementKind;
  method: MovementMethod;
  cents: number;
}

export interface Money {
  /** What the customer owes: the total and damages charged, or, once cancelled, what the policy keeps. */
  owedCents: number;
  /** Money held: payments succeeded less refunds made, voids and disputes lost. */
  paidCents: number;
  /** Still to collect: owed less paid less payments in flight (never negative). */
  dueCents: number;
  /** Payments in flight (pending or processing). */
  pendingCents: number;
  /** Refunds queued or to return by hand, not yet made. */
  refundingCents: number;
  /** Paid beyond what is owed. */
  excessCents: number;
  /** Excess with no refund queued for it: a credit the ledger still has to give back. */
  creditCents: number;
  /** Per payment: what may still be refunded (amount less reversed and queued), positive only. */
  refundable: Refundable[];
  refundableByMethod: Partial<Record<MovementMethod, number>>;
  /** Payments in flight, at most one if the paths keep the rule "one way of collecting at a time". */
  openCollections: Movement[];
  /** Open disputes' amounts. */
  disputedCents: number;
}

/** Whether money of `method` goes back through Stripe (true) or by hand (false). */
export function isCardMethod(method: MovementMethod): boolean {
  return method === 'card_checkout' || method === 'card_off_session' || method === 'payment_link';
}

const isOpenPayment = (m: Movement) => m.direction === 'payment' && (m.status === 'pending' || m.status === 'processing');
const reverses = (m: Movement) =>
  (m.direction === 'refund' && (m.status === 'succeeded' || m.status === 'returned')) ||
  (m.direction === 'void' && m.status === 'succeeded') ||
  (m.direction === 'dispute' && m.status === 'succeeded');
const queued = (m: Movement) => m.direction === 'refund' && (m.status === 'pending' || m.status === 'processing' || m.status === 'to_return');
const sum = (ms: readonly Movement[]) => ms.reduce((t, m) => t + m.amountCents, 0);

/**
 * The cents of payment `id` among `movements` still held: its amount less the refunds made, the
 * voids and the disputes lost that reverse it; 0 unless it succeeded. Over every payment this
 * sums to `moneyOf`'s `paidCents`, so a view that splits the money paid (by week, by kind) adds
 * up to it.
 */
export function heldOf(movements: readonly Movement[], id: string): number {
  const p = movements.find((m) => m.id === id && m.direction === 'payment');
  if (!p || p.status !== 'succeeded') return 0;
  return p.amountCents - sum(movements.filter((m) => m.of === id && reverses(m)));
}

/** The money of a booking with `movements`. Pure; cents. */
export function moneyOf(movements: readonly Movement[], booking: LedgerBooking): Money {
  const payments = movements.filter((m) => m.direction === 'payment');
  const succeeded = payments.filter((m) => m.status === 'succeeded');
  const reversed = (id: string) => sum(movements.filter((m) => m.of === id && reverses(m)));
  const queuedFor = (id: string) => sum(movements.filter((m) => m.of === id && queued(m)));
  const paidCents = sum(succeeded) - sum(movements.filter(reverses));
  const openCollections = payments.filter(isOpenPayment);
  const pendingCents = sum(openCollections);
  const damagesCents = sum(payments.filter((m) => m.kind === 'damages' && (m.status === 'succeeded' || isOpenPayment(m))));
  // What the owner gave back of her own choice is no longer owed (made, queued or to return).
  const waivedCents = sum(movements.filter((m) => m.waives && (reverses(m) || queued(m))));
  // A cancelled booking keeping its deposit keeps what of it was not given back (made, queued or to return).
  const depositBackCents = sum(movements.filter((m) => m.of === 'deposit' && m.direction === 'refund' && (reverses(m) || queued(m))));
  const keptCents = Math.max(0, booking.depositCents - depositBackCents);
  const owedCents = booking.cancelled ? (booking.kept === 'deposit' ? Math.min(keptCents, paidCents + pendingCents) : 0) : Math.max(0, booking.totalCents + damagesCents - waivedCents);
  const refundingCents = sum(movements.filter(queued));
  const excessCents = Math.max(0, paidCents - owedCents);
  const refundable: Refundable[] = [];
  const refundableByMethod: Partial<Record<MovementMethod, number>> = {};
  for (const p of succeeded) {
    const cents = p.amountCents - reversed(p.id) - queuedFor(p.id);
    if (cents <= 0) continue;
    refundable.push({ id: p.id, kind: p.kind, method: p.method, cents });
    refundableByMethod[p.method] = (refundableByMethod[p.method] ?? 0) + cents;
  }
  return {
    owedCents,
    paidCents,
    dueCents: booking.cancelled ? 0 : Math.max(0, owedCents - paidCents - pendingCents),
    pendingCents,
    refundingCents,
    excessCents,
    creditCents: Math.max(0, excessCents - refundingCents),
    refundable,
    refundableByMethod,
    openCollections,
    disputedCents: sum(movements.filter((m) => m.direction === 'dispute' && m.status === 'pending')),
  };
}

/**
 * The id of the way money was collected that movement id `id` belongs to: a charge that collects
 * the balance and damages together is one collection with a movement per part ('<charge>' and
 * '<charge>#damages'); other ids are their own. A refund's `of` maps the same way.
 */
export function collectionOf(id: string): string {
  return id.split('#')[0]!;
}

/**
 * The refunds to queue so that the booking holds no more than it is owed: the excess with no
 * refund queued yet, taken from the payments newest first (so a kept deposit, the oldest, is
 * refunded last), each by its own way: a card 'pending' (Stripe), cash, a check or another way
 * 'to_return'. Ids are '<payment id>:refund' (':refund2'… when one exists). Empty when nothing
 * is in excess. `first` (a payment id) is refunded before the others.
 */
export function refundsToQueue(movements: readonly Movement[], booking: LedgerBooking, first?: string): Movement[] {
  const money = moneyOf(movements, booking);
  let left = money.creditCents;
  const out: Movement[] = [];
  // `first`: the payment to give back before the others (a late payment for money already collected).
  const order = [...money.refundable].reverse().sort((a, b) => Number(collectionOf(b.id) === first) - Number(collectionOf(a.id) === first));
  for (const r of order) {
    if (left <= 0) break;
    const cents = Math.min(left, r.cents);
    left -= cents;
    const existing = movements.filter((m) => m.of === r.id && m.direction === 'refund').length;
    out.push({
      id: `${r.id}:refund${existing ? existing + 1 : ''}`,
      kind: r.kind,
      method: r.method,
      direction: 'refund',
      status: isCardMethod(r.method) ? 'pending' : 'to_return',
      amountCents: cents,
      of: r.id,
    });
  }
  return out;
}

/** Which receipt a movement in its current state calls for: a payment's, a refund's, or none (in flight, failed, voided, a dispute). */
export function receiptFor(m: Movement): 'payment' | 'refund' | null {
  if (m.direction === 'payment' && m.status === 'succeeded') return 'payment';
  if (m.direction === 'refund' && (m.status === 'succeeded' || m.status === 'returned')) return 'refund';
  return null;
}

/** The stored `payment_status` that the money reads as (docs/product.md §4), for the admin and the lists. */
export function paymentStatusOf(money: Money, booking: LedgerBooking, everRefunded: boolean): PaymentStatus {
  // A live booking's refunds (a late payment given back) do not hide what it has paid.
  if (booking.cancelled && money.refundingCents > 0) return PaymentStatus.RefundPending;
  if (booking.cancelled && everRefunded) return PaymentStatus.Refunded;
  if (!booking.cancelled && money.owedCents > 0 && money.paidCents >= money.owedCents) return PaymentStatus.Paid;
  if (money.paidCents >= booking.depositCents && money.paidCents > 0) return PaymentStatus.DepositPaid;
  return PaymentStatus.Pending;
}

/** The `payment_status` booking row `b` with `charges` reads as (the same derivation as the server's syncPaymentStatus). */
export function paymentStatusOfRows(b: BookingMoneyRow, charges: readonly ChargeMoneyRow[], booking: LedgerBooking): ReturnType<typeof paymentStatusOf> {
  const movements = movementsOf(b, charges);
  return paymentStatusOf(
    moneyOf(movements, booking),
    booking,
    movements.some((m) => m.direction === 'refund'),
  );
}

// ---- The mapper from today's records (pb_migrations: bookings' deposit and refund fields, charges) ----

/** The booking row's fields the ledger reads. */
export type BookingMoneyRow = Pick<BookingRow, 'status' | 'payment_status' | 'total_price' | 'deposit_amount' | 'deposit_paid_at' | 'deposit_refund' | 'deposit_refund_amount'> &
  BookingFields<'deposit_method' | 'dispute_id' | 'cancel_reason'>;

/** The fields of BookingMoneyRow, for reading them from a record (pb_hooks/src/lib/booking-row.ts bookingFieldsOf). */
export const BOOKING_MONEY_FIELDS = [
  'status',
  'payment_status',
  'total_price',
  'deposit_amount',
  'deposit_paid_at',
  'deposit_refund',
  'deposit_refund_amount',
  'deposit_method',
  'dispute_id',
  'cancel_reason',
] as const satisfies readonly (keyof BookingMoneyRow)[];

/** A `charges` row's fields the ledger reads (domain/money/charge-row.ts). */
export type ChargeMoneyRow = ChargeFields<'id' | 'kind' | 'amount' | 'balance_amount' | 'damages_amount' | 'status' | 'method' | 'stripe_checkout_session_id'> &
  Pick<ChargeRow, 'refund_status' | 'refund_amount' | 'refunds'>;

/** The fields of ChargeMoneyRow, for reading them from a record (pb_hooks/src/lib/charge-row.ts chargeFieldsOf). */
export const CHARGE_MONEY_FIELDS = [
  'id',
  'kind',
  'amount',
  'balance_amount',
  'damages_amount',
  'status',
  'method',
  'stripe_checkout_session_id',
  'refund_status',
  'refund_amount',
  'refunds',
] as const satisfies readonly (keyof ChargeMoneyRow)[];

/**
 * One later refund of a charge, as its `refunds` JSON list stores it (pb_migrations/1732000175):
 * the charge's first refund stays in `refund_status`/`refund_amount` (number 1, Stripe key
 * `refund-charge-<charge>`); each one after it is an entry numbered from 2 with its own key
 * (chargeRefundKey), so a charge refunded in part can be refunded in part again.
 */
export type ChargeRefundRow = {
  /** 2, 3, …: the refund's number among the charge's refunds. */
  n: number;
  /** Which part of a balance-and-damages charge it gives back ('damages'), else ''. */
  part: '' | 'damages';
  amount: number;
  /** Same states as the charge's `refund_status`. */
  status: ChargeFields<'refund_status'>['refund_status'];
  /** The owner chose to give it back (Movement.waives); false for a refund the ledger queued. */
  waive: boolean;
} & ChargeFields<'refund_id' | 'refunded_at'>;

/** The Stripe idempotency key of refund number `n` of charge `chargeId` (1: the charge's first, as keys stored before). */
export function chargeRefundKey(chargeId: string, n: number): string {
  return n <= 1 ? `refund-charge-${chargeId}` : `refund-charge-${chargeId}-${n}`;
}

/** The later refunds a charge's `refunds` JSON holds (malformed entries dropped). */
export function chargeRefundRowsOf(json: unknown): ChargeRefundRow[] {
  if (!Array.isArray(json)) return [];
  return json
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && typeof (e as { n?: unknown }).n === 'number' && typeof (e as { amount?: unknown }).amount === 'number')
    .map((e) => ({
      n: e.n as number,
      part: e.part === 'damages' ? 'damages' : '',
      amount: e.amount as number,
      status: typeof e.status === 'string' ? asRefundStatus(e.status) : '',
      refund_id: typeof e.refund_id === 'string' ? e.refund_id : '',
      refunded_at: typeof e.refunded_at === 'string' ? e.refunded_at : '',
      waive: e.waive === true,
    }));
}

/** What a charge's row becomes when refunds are queued for it (only the fields that change). */
export type ChargeRefundWrite = Partial<Pick<ChargeRow, 'refund_status' | 'refund_amount'>> & { refunds?: ChargeRefundRow[] };

/**
 * The writes that queue `refunds` (refundsToQueue's, each `of` a payment) on the booking and its
 * `charges`: the deposit's refund state ('pending' for a card, for Stripe; 'to_return' by hand)
 * and, when it gives back only part of the deposit of `depositCents`, that part in cents
 * (`depositRefundCents`, the row's `deposit_refund_amount`; 0: the whole deposit), and per charge either its first refund (`refund_status`, `refund_amount`: two parts of one
 * charge, balance and damages, are one refund of their sum) or, for a charge refunded before,
 * a later refund of its own (an entry of `refunds`, numbered, with its own Stripe key). One
 * rule for every path that queues refunds (a cancellation, a late payment). Pure; cents.
 */
export function refundWrites(
  charges: readonly ChargeMoneyRow[],
  refunds: readonly Movement[],
  depositCents = 0,
): { depositRefund: string; depositRefundCents: number; charges: Map<string, ChargeRefundWrite> } {
  let depositRefund = '';
  let depositRefundCents = 0;
  const out = new Map<string, ChargeRefundWrite>();
  for (const r of refunds) {
    const state = r.status === 'pending' ? 'pending' : 'to_return';
    const chargeId = collectionOf(r.of ?? '');
    if (chargeId === 'deposit' || !chargeId) {
      depositRefund = state;
      // 0 keeps meaning the whole deposit, as on every row older than the amount.
      depositRefundCents = r.amountCents > 0 && r.amountCents < depositCents ? r.amountCents : 0;
      continue;
    }
    const c = charges.find((x) => x.id === chargeId);
    if (!c) continue;
    const done = out.get(chargeId) ?? {};
    const row = { ...c, ...done } as ChargeMoneyRow;
    if (nextChargeRefundNumber(c) > 1) {
      // Refunded before this queueing: this one is a later refund of its own.
      const later: ChargeRefundRow = {
        n: nextChargeRefundNumber(row),
        part: (r.of ?? '').includes('#') ? 'damages' : '',
        amount: r.amountCents,
        status: state,
        refund_id: '',
        refunded_at: '',
        waive: false,
      };
      out.set(chargeId, { ...done, refunds: [...(row.refunds ?? []), later] });
      continue;
    }
    out.set(chargeId, { ...done, refund_status: state, refund_amount: (done.refund_status ? (done.refund_amount ?? 0) : 0) + r.amountCents });
  }
  return { depositRefund, depositRefundCents, charges: out };
}

/** The number the next refund of a charge takes: 1 while it has none, else one past the last. */
export function nextChargeRefundNumber(c: Pick<ChargeMoneyRow, 'refund_status' | 'refunds'>): number {
  const later = c.refunds ?? [];
  if (!c.refund_status && later.length === 0) return 1;
  return Math.max(1, ...later.map((r) => r.n)) + 1;
}

const handMethod = (m: string): MovementMethod | null => (m === 'cash' || m === 'check' || m === 'other' ? m : null);

function chargeStatus(s: string): MovementStatus {
  if (s === 'requires_checkout') return 'pending';
  return oneOfOr(MOVEMENT_STATUSES, s, 'pending');
}

/** The refund of payment `p` as its row records it ('' when none); `n` > 1 for a charge's later refunds. */
function refundOf(p: Movement, status: RefundStatus | '', amount: number, n = 1, waives = false): Movement[] {
  if (!status || status === 'failed') return [];
  const hand = !isCardMethod(p.method);
  const st: MovementStatus = status === 'pending' ? (hand ? 'to_return' : 'pending') : status === 'succeeded' ? (hand ? 'returned' : 'succeeded') : (status as MovementStatus);
  const m: Movement = { id: `${p.id}:refund${n > 1 ? n : ''}`, kind: p.kind, method: p.method, direction: 'refund', status: st, amountCents: amount > 0 ? amount : p.amountCents, of: p.id };
  return [waives ? { ...m, waives } : m];
}

/**
 * The movements of a booking row and its charges: the deposit (card unless `deposit_method`
 * says the owner took it) and its refund as `deposit_refund` records it (`payment_status` on
 * older rows), of `deposit_refund_amount` cents or, when 0, the whole deposit; each charge as its
 * kind (a balance-and-damages charge as two movements, so each part is owed and refunded as
 * what it is), a voided recorded payment as the payment and its void, and each charge's refund.
 */
export function movementsOf(b: BookingMoneyRow, charges: readonly ChargeMoneyRow[]): Movement[] {
  const out: Movement[] = [];
  const depositMethod = handMethod(b.deposit_method) ?? 'card_checkout';
  const depositIn = !!b.deposit_paid_at || isPaid(b) || isRefunded(b);
  if (b.deposit_amount > 0 && (depositIn || b.status === BookingStatus.PendingPayment)) {
    const deposit: Movement = { id: 'deposit', kind: 'deposit', method: depositMethod, direction: 'payment', status: depositIn ? 'succeeded' : 'pending', amountCents: b.deposit_amount };
    out.push(deposit);
    // Rows older than `deposit_refund` said the deposit's refund in `payment_status` alone (and refunded nothing else).
    const ledgerEra = !!b.deposit_refund || charges.some((c) => !!c.refund_status);
    const legacy = ledgerEra ? '' : b.payment_status === PaymentStatus.RefundPending ? 'pending' : b.payment_status === PaymentStatus.Refunded ? 'succeeded' : '';
    const refund = b.deposit_refund || legacy;
    // `deposit_refund_amount`: part of the deposit given back (0 or absent: the whole of it).
    out.push(...refundOf(deposit, refund, Math.min(b.deposit_refund_amount ?? 0, b.deposit_amount)));
    if (b.dispute_id) out.push({ id: 'deposit:dispute', kind: 'deposit', method: depositMethod, direction: 'dispute', status: 'pending', amountCents: b.deposit_amount, of: 'deposit' });
  }
  for (const c of charges) {
    const method: MovementMethod = handMethod(c.method) ?? (c.stripe_checkout_session_id ? 'payment_link' : 'card_off_session');
    const voided = c.status === ChargeStatus.Voided;
    const status = voided ? 'succeeded' : chargeStatus(c.status);
    const parts: [MovementKind, number, string][] =
      c.kind === 'balance_and_damages'
        ? [
            ['balance', c.balance_amount, c.id],
            ['damages', c.damages_amount, `${c.id}#damages`],
          ]
        : [[c.kind === 'removal' ? 'removal' : c.kind === 'damages' ? 'damages' : c.kind === 'tip' ? 'tip' : 'balance', c.amount, c.id]];
    for (const [kind, amountCents, id] of parts) {
      if (amountCents <= 0) continue;
      const p: Movement = { id, kind, method, direction: 'payment', status, amountCents };
      out.push(p);
      if (voided) {
        out.push({ id: `${id}:void`, kind, method, direction: 'void', status: 'succeeded', amountCents, of: id });
        continue;
      }
      if (c.refund_status) out.push(...refundOf(p, c.refund_status, parts.length === 1 ? (c.refund_amount ?? 0) : 0));
      const part = id === c.id ? '' : 'damages';
      for (const r of c.refunds ?? []) if (r.part === part && r.amount > 0) out.push(...refundOf(p, r.status, r.amount, r.n, r.waive));
    }
  }
  return out;
}

const KIND_WORDS: Record<MovementKind, string> = { deposit: 'deposit', balance: 'balance payment', removal: 'removal payment', damages: 'damages payment', tip: 'tip' };
const HAND_WORDS: Partial<Record<MovementMethod, string>> = { cash: 'in cash', check: 'by check', other: 'the way you paid it' };

/** One refund as the customer's manage page lists it: what it gives back, its cents and where it stands. */
export interface RefundLine {
  /** 'Deposit', 'Balance payment', 'Removal payment'… */
  label: string;
  amountCents: number;
  /** Pending: being made (card); Refunded: made or given back; ToReturn: to be given back by hand. */
  state: RefundLineState;
}

/**
 * The refunds among `movements`, one line each in their order, failed ones left out (a failed
 * card refund is retried as pending): for the manage page's Payment section beside 'Paid'.
 */
export function refundLines(movements: readonly Movement[]): RefundLine[] {
  return movements
    .filter((m) => m.direction === 'refund' && m.status !== 'failed')
    .map((m) => {
      const words = KIND_WORDS[m.kind];
      const state = m.status === 'succeeded' || m.status === 'returned' ? RefundLineState.Refunded : m.status === 'to_return' ? RefundLineState.ToReturn : RefundLineState.Pending;
      return { label: words.charAt(0).toUpperCase() + words.slice(1), amountCents: m.amountCents, state };
    });
}

/**
 * The customer's sentences about the refunds among `movements`, one per refund: a card refund
 * made or being made, money paid by hand to be given back (or given back). A refund of part of
 * the deposit names the part and the deposit ("$400 of your deposit of $825"). Empty when none.
 */
export function refundSentences(movements: readonly Movement[]): string[] {
  const depositCents = movements.find((m) => m.id === 'deposit' && m.direction === 'payment')?.amountCents ?? 0;
  return movements
    .filter((m) => m.direction === 'refund' && m.status !== 'failed')
    .map((m) => {
      const part = m.of === 'deposit' && m.amountCents < depositCents;
      const what = part ? `${formatCents(m.amountCents)} of your deposit of ${formatCents(depositCents)}` : `your ${KIND_WORDS[m.kind]} of ${formatCents(m.amountCents)}`;
      if (!isCardMethod(m.method)) {
        const paid = `paid ${HAND_WORDS[m.method]}`;
        return m.status === 'returned' ? `We have given back ${what}, ${paid}.` : `We will give back ${what}, ${paid}, in person; we will call you to arrange it.`;
      }
      return m.status === 'succeeded'
        ? `We have refunded ${what} to your card; your bank may take 5 to 10 days to show it.`
        : `We are refunding ${what} to your card; your bank may take 5 to 10 days to show it.`;
    });
}
