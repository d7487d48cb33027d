/**
 * Model-based test of the lifecycle, the ledger and the policy together (docs/decisions/045):
 * random sequences of what happens to a booking (the deposit by card or cash, a payment link,
 * the balance by link, card or cash, webhooks twice, late or out of order, a charge processing
 * then failing, a move, the removal added, a cancel by either side with or without refund, a
 * void, damages, a dispute, the clock across 72 h, 48 h, Dec 24, Jan 1 and a DST change) run
 * against a small reference model that drives the domain functions as the server does. After
 * every step the invariants hold; a failure prints the shrunk sequence (fast-check's
 * counterexample). Fixed seed, 1,000 sequences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsSlots, transition, type LifecycleEvent, type LifecycleState } from '../booking/lifecycle';
import { cancelDeadlineMs, coolingOffEndsAtMs, keptOnCancel, type Kept } from '../booking/policy';
import { newYorkTimeMs } from '../calendar';
import { isCardMethod, moneyOf, receiptFor, refundsToQueue, type LedgerBooking, type Movement, type MovementMethod } from './ledger';

type Command =
  | { c: 'deposit'; method: 'card_checkout' | 'cash' }
  | { c: 'openLink' }
  | { c: 'linkWebhook'; times: 1 | 2 }
  | { c: 'cardCharge'; outcome: 'succeeded' | 'processing' }
  | { c: 'processingResult'; ok: boolean }
  | { c: 'cash'; method: 'cash' | 'check' }
  | { c: 'voidLast' }
  | { c: 'move' }
  | { c: 'addRemoval' }
  | { c: 'damages'; cents: number }
  | { c: 'dispute' }
  | { c: 'installDone' }
  | { c: 'cancel'; by: 'customer' | 'owner'; refund: boolean }
  | { c: 'runRefunds' }
  | { c: 'ownerRefund'; cents: number }
  | { c: 'markReturned' }
  | { c: 'clock'; hours: number }
  | { c: 'clockTo'; at: string };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ c: fc.constant('deposit' as const), method: fc.constantFrom('card_checkout' as const, 'cash' as const) }),
  fc.constant({ c: 'openLink' as const }),
  fc.record({ c: fc.constant('linkWebhook' as const), times: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ c: fc.constant('cardCharge' as const), outcome: fc.constantFrom('succeeded' as const, 'processing' as const) }),
  fc.record({ c: fc.constant('processingResult' as const), ok: fc.boolean() }),
  fc.record({ c: fc.constant('cash' as const), method: fc.constantFrom('cash' as const, 'check' as const) }),
  fc.constant({ c: 'voidLast' as const }),
  fc.constant({ c: 'move' as const }),
  fc.constant({ c: 'addRemoval' as const }),
  fc.record({ c: fc.constant('damages' as const), cents: fc.integer({ min: 500, max: 50_000 }) }),
  fc.constant({ c: 'dispute' as const }),
  fc.constant({ c: 'installDone' as const }),
  fc.record({ c: fc.constant('cancel' as const), by: fc.constantFrom('customer' as const, 'owner' as const), refund: fc.boolean() }),
  fc.constant({ c: 'runRefunds' as const }),
  fc.record({ c: fc.constant('ownerRefund' as const), cents: fc.integer({ min: 100, max: 20_000 }) }),
  fc.constant({ c: 'markReturned' as const }),
  fc.record({ c: fc.constant('clock' as const), hours: fc.constantFrom(1, 24, 47, 49, 71, 73) }),
  fc.record({ c: fc.constant('clockTo' as const), at: fc.constantFrom('2026-12-03', '2026-12-24', '2027-01-01', '2027-03-14', '2027-11-07') }),
);

const TOTAL = 165_000;
const DEPOSIT = 82_500;
const REMOVAL = 8_500;
const BOOKED_AT = newYorkTimeMs('2026-11-20', 12);
const INSTALL_AT = newYorkTimeMs('2026-12-05', 9);

/** The reference model: the booking as the server holds it, and what it sent. */
interface Model {
  life: LifecycleState;
  movements: Movement[];
  totalCents: number;
  kept: Kept;
  now: number;
  depositPaidAtMs: number;
  installStartMs: number;
  /** Receipts sent, per movement id and kind. */
  receipts: Map<string, number>;
  /** The model's own tally of money in and out per method, independent of moneyOf. */
  inByMethod: Map<MovementMethod, number>;
  outByMethod: Map<MovementMethod, number>;
  seq: number;
}

function fresh(): Model {
  return {
    life: { status: 'pending_payment', install: 'scheduled', removal: 'none', cancelReason: '' },
    movements: [],
    totalCents: TOTAL,
    kept: 'nothing',
    now: BOOKED_AT,
    depositPaidAtMs: NaN,
    installStartMs: INSTALL_AT,
    receipts: new Map(),
    inByMethod: new Map(),
    outByMethod: new Map(),
    seq: 0,
  };
}

const add = (m: Map<MovementMethod, number>, k: MovementMethod, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const cancelled = (m: Model) => m.life.status === 'cancelled';
const book = (m: Model): LedgerBooking => ({ totalCents: m.totalCents, depositCents: DEPOSIT, cancelled: cancelled(m), kept: m.kept });
const money = (m: Model) => moneyOf(m.movements, book(m));

/** A movement reached a state that calls for a receipt: send it once (the server's keyed mail). */
function settle(m: Model, mv: Movement, status: Movement['status']): void {
  mv.status = status;
  if (mv.direction === 'payment' && status === 'succeeded') add(m.inByMethod, mv.method, mv.amountCents);
  if (mv.direction === 'refund' && (status === 'succeeded' || status === 'returned')) add(m.outByMethod, mv.method, mv.amountCents);
  if (receiptFor(mv)) m.receipts.set(mv.id, (m.receipts.get(mv.id) ?? 0) + 1);
}

function move(m: Model, event: LifecycleEvent): boolean {
  const next = transition(m.life, event);
  if (next.ok) m.life = next.state;
  return next.ok;
}

/** The ledger's refunds for whatever is held beyond what is owed (the late payment first). */
function queueRefunds(m: Model, first?: string): void {
  for (const r of refundsToQueue(m.movements, book(m), first)) m.movements.push(r);
}

function pay(m: Model, kind: Movement['kind'], method: MovementMethod, cents: number, status: Movement['status']): Movement {
  const mv: Movement = { id: `p${++m.seq}`, kind, method, direction: 'payment', status: 'pending', amountCents: cents };
  m.movements.push(mv);
  if (status !== 'pending') settle(m, mv, status);
  return mv;
}

const openOf = (m: Model) => m.movements.find((x) => x.direction === 'payment' && (x.status === 'pending' || x.status === 'processing'));
const live = (m: Model) => m.life.status === 'confirmed' || m.life.status === 'completed';

/** Closes an open link (the server expires its Checkout); a processing charge cannot be closed. */
function closeLinks(m: Model): boolean {
  const open = openOf(m);
  if (!open) return true;
  if (open.status === 'processing' || open.method !== 'payment_link') return false;
  open.status = 'failed';
  return true;
}

/** A card payment that lands (a webhook): kept when owed, refunded when not. */
function cardLands(m: Model, mv: Movement): void {
  if (mv.status === 'succeeded') return; // a redelivered event changes nothing
  settle(m, mv, 'succeeded');
  queueRefunds(m, mv.id);
}

function step(m: Model, cmd: Command): void {
  const due = () => money(m).dueCents;
  switch (cmd.c) {
    case 'deposit': {
      if (m.life.status !== 'pending_payment') return;
      move(m, { type: 'deposit_paid' });
      pay(m, 'deposit', cmd.method, DEPOSIT, 'succeeded');
      m.depositPaidAtMs = m.now;
      return;
    }
    case 'openLink':
      if (live(m) && due() > 0 && !openOf(m)) pay(m, 'balance', 'payment_link', due(), 'pending');
      return;
    case 'linkWebhook': {
      // The newest link, open or closed meanwhile (a webhook late or out of order).
      const link = [...m.movements].reverse().find((x) => x.direction === 'payment' && x.method === 'payment_link');
      if (!link || link.status === 'processing') return;
      for (let i = 0; i < cmd.times; i++) cardLands(m, link);
      return;
    }
    case 'cardCharge': {
      if (!live(m) || due() <= 0 || openOf(m)) return;
      const mv = pay(m, 'balance', 'card_off_session', due(), 'pending');
      if (cmd.outcome === 'succeeded') cardLands(m, mv);
      else mv.status = 'processing';
      return;
    }
    case 'processingResult': {
      const p = m.movements.find((x) => x.status === 'processing');
      if (!p) return;
      if (cmd.ok) cardLands(m, p);
      else p.status = 'failed';
      return;
    }
    case 'cash': {
      // One way of collecting at a time: the open link is closed first, or the cash refused.
      if (!live(m) || !closeLinks(m) || openOf(m) || due() <= 0) return;
      pay(m, 'balance', cmd.method, due(), 'succeeded');
      return;
    }
    case 'voidLast': {
      const p = [...m.movements].reverse().find((x) => x.direction === 'payment' && !isCardMethod(x.method) && x.kind === 'balance' && x.status === 'succeeded');
      if (!p || cancelled(m) || m.movements.some((x) => x.of === p.id)) return;
      m.movements.push({ id: `${p.id}:void`, kind: p.kind, method: p.method, direction: 'void', status: 'succeeded', amountCents: p.amountCents, of: p.id });
      add(m.outByMethod, p.method, p.amountCents);
      return;
    }
    case 'move':
      move(m, { type: 'visit_moved', visit: 'install' });
      return;
    case 'addRemoval':
      if (live(m) && m.life.removal === 'none' && !openOf(m) && move(m, { type: 'removal_added' })) {
        const mv = pay(m, 'removal', 'payment_link', REMOVAL, 'pending');
        m.totalCents += REMOVAL;
        cardLands(m, mv);
      }
      return;
    case 'damages':
      if (live(m) && m.life.install === 'done' && !openOf(m)) cardLands(m, pay(m, 'damages', 'card_off_session', cmd.cents, 'pending'));
      return;
    case 'dispute': {
      const d = m.movements.find((x) => x.id === 'p1');
      if (d && d.status === 'succeeded' && isCardMethod(d.method) && !m.movements.some((x) => x.direction === 'dispute')) {
        m.movements.push({ id: 'p1:dispute', kind: d.kind, method: d.method, direction: 'dispute', status: 'pending', amountCents: d.amountCents, of: d.id });
      }
      return;
    }
    case 'installDone':
      move(m, { type: 'visit_done', visit: 'install' });
      return;
    case 'cancel': {
      if (m.life.status !== 'confirmed') return;
      // The customer only online and in time (the policy); the owner at any time.
      if (cmd.by === 'customer' && !(m.now < cancelDeadlineMs(m.installStartMs, coolingOffEndsAtMs(m.depositPaidAtMs)))) return;
      if (!closeLinks(m) || openOf(m)) return;
      if (!move(m, { type: 'cancel', by: cmd.by })) return;
      m.kept = keptOnCancel(cmd.by, cmd.by === 'customer' || cmd.refund);
      queueRefunds(m);
      return;
    }
    case 'runRefunds':
      for (const r of m.movements) if (r.direction === 'refund' && r.status === 'pending' && isCardMethod(r.method)) settle(m, r, 'succeeded');
      return;
    case 'ownerRefund': {
      // The owner gives back part of a card charge (domain/commands/refund-charge-command.ts):
      // refused beyond what the payment still holds; each refund its own movement, waiving.
      const r = [...money(m).refundable].reverse().find((x) => x.id !== 'p1' && isCardMethod(x.method));
      if (!r || cmd.cents > r.cents) return;
      const n = m.movements.filter((x) => x.of === r.id && x.direction === 'refund').length + 2;
      m.movements.push({ id: `${r.id}:refund${n}`, kind: r.kind, method: r.method, direction: 'refund', status: 'pending', amountCents: cmd.cents, of: r.id, waives: true });
      return;
    }
    case 'markReturned': {
      const r = m.movements.find((x) => x.direction === 'refund' && x.status === 'to_return');
      if (r) settle(m, r, 'returned');
      return;
    }
    case 'clock':
      m.now += cmd.hours * 3_600_000;
      return;
    case 'clockTo':
      m.now = Math.max(m.now, newYorkTimeMs(cmd.at, 10));
      return;
  }
}

function checkInvariants(m: Model): void {
  const x = money(m);
  // The model's own tally and the ledger agree on what is held.
  const tally = (map: Map<MovementMethod, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  expect(x.paidCents).toBe(tally(m.inByMethod) - tally(m.outByMethod));
  // Per method, refunded (made or queued) ≤ paid.
  for (const method of new Set(m.movements.map((mv) => mv.method))) {
    const paid = m.movements.filter((mv) => mv.method === method && mv.direction === 'payment' && mv.status === 'succeeded').reduce((a, mv) => a + mv.amountCents, 0);
    const back = m.movements.filter((mv) => mv.method === method && (mv.direction === 'refund' || mv.direction === 'void') && mv.status !== 'failed').reduce((a, mv) => a + mv.amountCents, 0);
    expect(back, `refunded by ${method}`).toBeLessThanOrEqual(paid);
  }
  // Collected never exceeds owed unless a refund of the excess is queued.
  expect(x.creditCents, 'excess with no refund queued').toBe(0);
  // A cancelled booking keeps only what the policy keeps.
  if (cancelled(m)) expect(x.paidCents - x.refundingCents).toBeLessThanOrEqual(m.kept === 'deposit' ? DEPOSIT : 0);
  // Every movement has exactly one receipt once it calls for one, and none before.
  for (const mv of m.movements) expect(m.receipts.get(mv.id) ?? 0, `receipts of ${mv.id} (${mv.direction} ${mv.status})`).toBe(receiptFor(mv) ? 1 : 0);
  // At most one open collection.
  expect(x.openCollections.length).toBeLessThanOrEqual(1);
  // A cancelled booking holds no slot.
  if (cancelled(m)) {
    expect(holdsSlots(m.life.status)).toBe(false);
    expect(['scheduled', 'held']).not.toContain(m.life.install);
    expect(['scheduled', 'held']).not.toContain(m.life.removal);
  }
}

describe('the ledger, the lifecycle and the policy under random sequences', () => {
  it('keep their invariants after every step (1,000 sequences, fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (cmds) => {
        const m = fresh();
        for (const cmd of cmds) {
          step(m, cmd);
          checkInvariants(m);
        }
      }),
      { seed: 45_045, numRuns: 1_000 },
    );
  });

  it('a paid booking cancelled by its customer in the window gives everything back, each by its own way', () => {
    const m = fresh();
    for (const cmd of [{ c: 'deposit', method: 'cash' }, { c: 'addRemoval' }, { c: 'cancel', by: 'customer', refund: true }, { c: 'runRefunds' }] as Command[]) {
      step(m, cmd);
      checkInvariants(m);
    }
    const refunds = m.movements.filter((mv) => mv.direction === 'refund').map((mv) => `${mv.kind} ${mv.method} ${mv.status}`);
    expect(refunds).toEqual(['removal payment_link succeeded', 'deposit cash to_return']);
  });
});
