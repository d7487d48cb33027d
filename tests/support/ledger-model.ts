/**
 * The reference model of a booking's money (docs/decisions/045), shared by the model-based unit
 * test (domain/money/ledger.model.test.ts: 1,000 sequences) and its replay against the real
 * server (tests/server/ledger-replay.test.ts: the first 50 of the same sequences), so the
 * sequences and the invariants cannot drift apart.
 *
 * - `commandsArbitrary`: random sequences of what happens to a booking (the deposit by card or
 *   cash, a payment link, the balance by link, card or cash, webhooks twice, late or out of
 *   order, a charge processing then failing, a move, the removal added, a cancel by either side
 *   with or without refund, a void, damages, a dispute, the crew's done marks (the removal's
 *   refused before the installation's), the clock across 72 h, 48 h, Dec 24,
 *   Jan 1 and a DST change); `LEDGER_SEED` fixes them; `ledgerSequences(n)` gives the first n.
 * - `freshModel` / `stepModel`: the booking as the server holds it, driving the domain
 *   functions as the server does (lifecycle `transition`, policy, `moneyOf`, `refundsToQueue`).
 * - `ledgerViolations`: the invariants, over what any observer saw (the model, or the server's
 *   rows and mail): per method refunded ≤ paid; no excess without its refund queued; a
 *   cancelled booking keeps only what the policy keeps; every movement has the receipts it
 *   calls for and no receipt lacks a movement; at most one open collection; a cancelled booking
 *   holds no slot. Cents throughout; times epoch ms. Test support only: nothing in the product
 *   imports it, and it lives under tests/support/ because domain/ imports no test library
 *   (eslint.config.js, docs/architecture.md "Layers").
 */
import fc from 'fast-check';
import { holdsSlots, transition, type LifecycleEvent, type LifecycleState } from '@domain/booking/lifecycle';
import { cancelDeadlineMs, coolingOffEndsAtMs, keptOnCancel, type Kept } from '@domain/booking/policy';
import { newYorkTimeMs } from '@domain/schedule/calendar';
import { DAMAGE_ITEMS } from '@domain/money/damages';
import { collectionOf, isCardMethod, moneyOf, receiptFor, refundsToQueue, type LedgerBooking, type Movement, type MovementMethod } from '@domain/money/ledger';

/** One thing that happens to a booking; each is a no-op when the booking's state does not allow it. */
export type LedgerCommand =
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
  | { c: 'removalDone' }
  | { c: 'cancel'; by: 'customer' | 'owner'; refund: boolean }
  | { c: 'runRefunds' }
  | { c: 'ownerRefund'; cents: number }
  | { c: 'markReturned' }
  | { c: 'clock'; hours: number }
  | { c: 'clockTo'; at: string };

export const ledgerCommand: fc.Arbitrary<LedgerCommand> = fc.oneof(
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

/**
 * The crew's done marks in a sequence: every second `installDone` drawn is the removal's mark
 * instead (a mapping, so the draws, and the sequences fast-check makes from LEDGER_SEED, stay
 * those they were before the removal's mark was modelled).
 */
export function withRemovalMarks(cmds: LedgerCommand[]): LedgerCommand[] {
  let marks = 0;
  return cmds.map((cmd) => (cmd.c === 'installDone' && marks++ % 2 === 1 ? { c: 'removalDone' } : cmd));
}

/** A sequence of 1 to 40 commands. */
export const commandsArbitrary: fc.Arbitrary<LedgerCommand[]> = fc.array(ledgerCommand, { minLength: 1, maxLength: 40 }).map(withRemovalMarks);

/** The fixed seed of both tests: the same sequences on every run and in both. */
export const LEDGER_SEED = 45_045;

/** The first `n` sequences fast-check generates from LEDGER_SEED: those `fc.assert` runs first. */
export function ledgerSequences(n: number): LedgerCommand[][] {
  return fc.sample(commandsArbitrary, { seed: LEDGER_SEED, numRuns: n });
}

/**
 * The sequences the server replays (tests/server/ledger-replay.test.ts): `n` of the 1,000 the
 * model test runs, in their order, among those whose first deposit is by card (a card booking
 * also saves the card the owner's charges and refunds need). Preferred are those that pay it in
 * their first two steps (fast-check's first samples are short and mostly never pay one, so on
 * the server they would move no money): first, for each kind of command, the first such
 * sequence in which the model acts on it, then, for a kind none of them reaches (damages and the
 * owner's partial refund need a later deposit), the first sequence paying its card deposit later
 * that does, then the first preferred others up to `n`.
 */
export function replaySequences(n: number): LedgerCommand[][] {
  const all = ledgerSequences(1_000);
  const firstDepositByCard = (cmds: readonly LedgerCommand[]) => {
    const d = cmds.find((c) => c.c === 'deposit');
    return d?.c === 'deposit' && d.method === 'card_checkout';
  };
  const early = (cmds: readonly LedgerCommand[]) => cmds.slice(0, 2).some((c) => c.c === 'deposit' && c.method === 'card_checkout');
  const candidates = all.filter(firstDepositByCard);
  const acted = candidates.map(kindsActedOn);
  const chosen = new Set<number>();
  const covered = (kind: LedgerCommand['c']) => [...chosen].some((i) => acted[i]!.has(kind));
  for (const preferEarly of [true, false]) {
    for (const kind of new Set(acted.flatMap((k) => [...k]))) {
      if (covered(kind)) continue;
      const first = candidates.findIndex((cmds, i) => (!preferEarly || early(cmds)) && acted[i]!.has(kind));
      if (first >= 0 && chosen.size < n) chosen.add(first);
    }
  }
  for (let i = 0; i < candidates.length && chosen.size < n; i++) if (early(candidates[i]!)) chosen.add(i);
  return [...chosen].sort((x, y) => x - y).map((i) => candidates[i]!);
}

/** The kinds of command in `cmds` that change the model when it runs them (not clock moves). */
export function kindsActedOn(cmds: readonly LedgerCommand[]): Set<LedgerCommand['c']> {
  const m = freshModel();
  const out = new Set<LedgerCommand['c']>();
  for (const cmd of cmds) {
    const before = JSON.stringify(m);
    stepModel(m, cmd);
    if (cmd.c !== 'clock' && cmd.c !== 'clockTo' && JSON.stringify(m) !== before) out.add(cmd.c);
  }
  return out;
}

/** `cmds` one per line, numbered from 1, for a failure's message. */
export function describeSequence(cmds: readonly LedgerCommand[]): string {
  return cmds.map((c, i) => `${String(i + 1).padStart(2)}. ${JSON.stringify(c)}`).join('\n');
}

export const MODEL_TOTAL = 165_000;
export const MODEL_DEPOSIT = 82_500;
export const MODEL_REMOVAL = 8_500;
/** When the model's booking is made (the server tests' frozen now) and its installation starts. */
export const MODEL_BOOKED_AT = newYorkTimeMs('2026-11-20', 12);
export const MODEL_INSTALL_AT = newYorkTimeMs('2026-12-05', 9);

/** The reference model: the booking as the server holds it, and what it sent. */
export interface LedgerModel {
  life: LifecycleState;
  movements: Movement[];
  totalCents: number;
  kept: Kept;
  now: number;
  depositPaidAtMs: number;
  installStartMs: number;
  /** Receipts sent, per movement id. */
  receipts: Map<string, number>;
  /** The model's own tally of money in and out per method, independent of moneyOf. */
  inByMethod: Map<MovementMethod, number>;
  outByMethod: Map<MovementMethod, number>;
  seq: number;
}

/** A booking just made, not paid, at MODEL_BOOKED_AT. */
export function freshModel(): LedgerModel {
  return {
    life: { status: 'pending_payment', install: 'scheduled', removal: 'none', cancelReason: '' },
    movements: [],
    totalCents: MODEL_TOTAL,
    kept: 'nothing',
    now: MODEL_BOOKED_AT,
    depositPaidAtMs: NaN,
    installStartMs: MODEL_INSTALL_AT,
    receipts: new Map(),
    inByMethod: new Map(),
    outByMethod: new Map(),
    seq: 0,
  };
}

const add = (m: Map<MovementMethod, number>, k: MovementMethod, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const cancelled = (m: LedgerModel) => m.life.status === 'cancelled';
const book = (m: LedgerModel): LedgerBooking => ({ totalCents: m.totalCents, depositCents: MODEL_DEPOSIT, cancelled: cancelled(m), kept: m.kept });
const money = (m: LedgerModel) => moneyOf(m.movements, book(m));

/** A movement reached a state that calls for a receipt: send it once (the server's keyed mail). */
function settle(m: LedgerModel, mv: Movement, status: Movement['status']): void {
  mv.status = status;
  if (mv.direction === 'payment' && status === 'succeeded') add(m.inByMethod, mv.method, mv.amountCents);
  if (mv.direction === 'refund' && (status === 'succeeded' || status === 'returned')) add(m.outByMethod, mv.method, mv.amountCents);
  if (receiptFor(mv)) m.receipts.set(mv.id, (m.receipts.get(mv.id) ?? 0) + 1);
}

function move(m: LedgerModel, event: LifecycleEvent): boolean {
  const next = transition(m.life, event);
  if (next.ok) m.life = next.state;
  return next.ok;
}

/** The ledger's refunds for whatever is held beyond what is owed (the late payment first). */
function queueRefunds(m: LedgerModel, first?: string): void {
  for (const r of refundsToQueue(m.movements, book(m), first)) m.movements.push(r);
}

function pay(m: LedgerModel, kind: Movement['kind'], method: MovementMethod, cents: number, status: Movement['status']): Movement {
  const mv: Movement = { id: `p${++m.seq}`, kind, method, direction: 'payment', status: 'pending', amountCents: cents };
  m.movements.push(mv);
  if (status !== 'pending') settle(m, mv, status);
  return mv;
}

const openOf = (m: LedgerModel) => m.movements.find((x) => x.direction === 'payment' && (x.status === 'pending' || x.status === 'processing'));
const live = (m: LedgerModel) => m.life.status === 'confirmed' || m.life.status === 'completed';

/** Closes an open link (the server expires its Checkout); a processing charge cannot be closed. */
function closeLinks(m: LedgerModel): boolean {
  const open = openOf(m);
  if (!open) return true;
  if (open.status === 'processing' || open.method !== 'payment_link') return false;
  open.status = 'failed';
  return true;
}

/** A card payment that lands (a webhook): kept when owed, refunded when not. */
function cardLands(m: LedgerModel, mv: Movement): void {
  if (mv.status === 'succeeded') return; // a redelivered event changes nothing
  settle(m, mv, 'succeeded');
  queueRefunds(m, mv.id);
}

/**
 * The small pieces a damages command's drawn amount stands for (1 to 10), and what the server
 * prices them at (domain/money/damages.ts, $5 each): the model charges what the server would.
 */
export function damagePiecesOf(drawnCents: number): number {
  return Math.max(1, Math.min(10, Math.round(drawnCents / 5_000)));
}
function damagesCentsOf(drawnCents: number): number {
  return damagePiecesOf(drawnCents) * DAMAGE_ITEMS['small-pieces'].unitCents;
}

/** Whether the customer may still cancel online at the model's now (docs/product.md policy; domain/booking/policy.ts). */
export function customerMayCancel(m: LedgerModel): boolean {
  return m.now < cancelDeadlineMs(m.installStartMs, coolingOffEndsAtMs(m.depositPaidAtMs));
}

/** Applies `cmd` to `m` in place, as the server would. */
export function stepModel(m: LedgerModel, cmd: LedgerCommand): void {
  const due = () => money(m).dueCents;
  switch (cmd.c) {
    case 'deposit': {
      if (m.life.status !== 'pending_payment') return;
      move(m, { type: 'deposit_received' });
      pay(m, 'deposit', cmd.method, MODEL_DEPOSIT, 'succeeded');
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
        const mv = pay(m, 'removal', 'payment_link', MODEL_REMOVAL, 'pending');
        m.totalCents += MODEL_REMOVAL;
        cardLands(m, mv);
      }
      return;
    case 'damages': {
      // The owner's 'Record Damages & Charge' (domain/admin/permissions.ts recordDamagesButton): with
      // a balance left, the balance and the damages as one charge of two parts; once it is paid,
      // the damages alone after a visit was done. The saved card, at once.
      if (!live(m) || openOf(m)) return;
      const balance = due();
      if (balance <= 0 && m.life.install !== 'done' && m.life.removal !== 'done') return;
      const id = `p${++m.seq}`;
      const part = (pid: string, kind: Movement['kind'], cents: number): Movement => ({ id: pid, kind, method: 'card_off_session', direction: 'payment', status: 'pending', amountCents: cents });
      const cents = damagesCentsOf(cmd.cents);
      const parts = balance > 0 ? [part(id, 'balance', balance), part(`${id}#damages`, 'damages', cents)] : [part(id, 'damages', cents)];
      m.movements.push(...parts);
      for (const mv of parts) cardLands(m, mv);
      return;
    }
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
    case 'removalDone':
      // Refused by the lifecycle before the installation is done, or with no removal (the crew's mark, job-events).
      move(m, { type: 'visit_done', visit: 'removal' });
      return;
    case 'cancel': {
      if (m.life.status !== 'confirmed') return;
      // The customer only online and in time (the policy); the owner at any time.
      if (cmd.by === 'customer' && !customerMayCancel(m)) return;
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

/** What an observer (the model, or a test reading the server's rows and mail) saw of one booking. */
export interface LedgerObservation {
  movements: readonly Movement[];
  booking: LedgerBooking;
  life: LifecycleState;
  /** Receipts sent for movement `mv`. */
  receiptsOf: (mv: Movement) => number;
  /** Receipts `mv` calls for (default: one when `receiptFor` names one, else none). */
  receiptsDue?: (mv: Movement) => number;
  /** Receipts sent that belong to no movement (a name for each, for the message). */
  strayReceipts?: readonly string[];
  /** The observer's own tally of money in and out (cents), when it keeps one: it must agree with moneyOf's paid. */
  tally?: { inCents: number; outCents: number };
}

/** The model as an observation: its movements, its receipts and its own tally. */
export function observeModel(m: LedgerModel): LedgerObservation {
  const tally = (map: Map<MovementMethod, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return { movements: m.movements, booking: book(m), life: m.life, receiptsOf: (mv) => m.receipts.get(mv.id) ?? 0, tally: { inCents: tally(m.inByMethod), outCents: tally(m.outByMethod) } };
}

/** The invariants every booking keeps after every step; one sentence per one broken, [] when all hold. */
export function ledgerViolations(o: LedgerObservation): string[] {
  const out: string[] = [];
  const x = moneyOf(o.movements, o.booking);
  const cancelledNow = o.booking.cancelled;
  if (o.tally && x.paidCents !== o.tally.inCents - o.tally.outCents) out.push(`the ledger holds ${x.paidCents} but the tally says ${o.tally.inCents - o.tally.outCents}`);
  // Per method, refunded (made or queued) ≤ paid.
  for (const method of new Set(o.movements.map((mv) => mv.method))) {
    const paid = o.movements.filter((mv) => mv.method === method && mv.direction === 'payment' && mv.status === 'succeeded').reduce((a, mv) => a + mv.amountCents, 0);
    const back = o.movements.filter((mv) => mv.method === method && (mv.direction === 'refund' || mv.direction === 'void') && mv.status !== 'failed').reduce((a, mv) => a + mv.amountCents, 0);
    if (back > paid) out.push(`refunded by ${method} ${back} > paid ${paid}`);
  }
  // Collected never exceeds owed unless a refund of the excess is queued.
  if (x.creditCents !== 0) out.push(`excess with no refund queued: ${x.creditCents} (paid ${x.paidCents}, owed ${x.owedCents}, refunding ${x.refundingCents})`);
  // A cancelled booking keeps only what the policy keeps.
  const keeps = o.booking.kept === 'deposit' ? o.booking.depositCents : 0;
  if (cancelledNow && x.paidCents - x.refundingCents > keeps) out.push(`cancelled, keeps ${x.paidCents - x.refundingCents} > ${keeps} (${o.booking.kept})`);
  // Every movement has exactly the receipts it calls for, and no receipt lacks a movement.
  const due = o.receiptsDue ?? ((mv: Movement) => (receiptFor(mv) ? 1 : 0));
  for (const mv of o.movements) {
    const sent = o.receiptsOf(mv);
    if (sent !== due(mv)) out.push(`receipts of ${mv.id} (${mv.direction} ${mv.status}): ${sent}, expected ${due(mv)}`);
  }
  for (const stray of o.strayReceipts ?? []) out.push(`a receipt with no movement: ${stray}`);
  // At most one open collection (a charge's parts are one collection).
  const open = [...new Set(x.openCollections.map((mv) => collectionOf(mv.id)))];
  if (open.length > 1) out.push(`${open.length} open collections: ${open.join(', ')}`);
  // A cancelled booking holds no slot.
  if (o.life.status === 'cancelled') {
    if (holdsSlots(o.life.status)) out.push('a cancelled booking holds its slots');
    if (o.life.install === 'scheduled' || o.life.install === 'held') out.push(`a cancelled booking's installation is ${o.life.install}`);
    if (o.life.removal === 'scheduled' || o.life.removal === 'held') out.push(`a cancelled booking's removal is ${o.life.removal}`);
  }
  return out;
}
