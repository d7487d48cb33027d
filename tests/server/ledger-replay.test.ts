/**
 * The ledger's model-based sequences replayed against the real server (docs/decisions/045):
 * 50 sequences of domain/money/ledger.model.test.ts (the same generator and seed, from
 * tests/support/ledger-model.ts: the first of its 1,000 that pay a deposit in their first two
 * steps, replaySequences, so every sequence moves money on the server, with each kind of command
 * the model acts on among them), each on a fresh booking of its own dates, run step by step
 * through the real routes of one PocketBase in Stripe mode (stripe-mock behind the stand-in of
 * tests/support/stripe-stand-in.ts, a real SMTP sink). After every step the booking, its
 * charges and its mail_log rows are read as superuser and the model's invariants checked on
 * them (`ledgerViolations` over `movementsOf`), with the server's own receipt rules (a voided
 * recorded payment sends its correction; a card payment refunded on arrival sends the refund's
 * receipt instead of its own: lib/ledger/balance-charges.ts); besides, every refund sent to
 * Stripe belongs to a card refund the ledger holds and every card refund made was sent, and a
 * cancelled booking's installation slot is offered again by the availability route. A failure
 * prints the sequence, the step, what broke and what the server answered to each step.
 *
 * The booking: Adorned Arrangement 7.5–9 ft with an ornament add-on (its removal optional, so
 * it can be added; its damages chargeable), no removal at first; the season is widened so each
 * sequence has two installation dates and a removal date no other sequence uses.
 *
 * How each command reaches the server (the reference model runs beside it, for the clock):
 * - book: a card sequence (its first deposit by card, or none) books through the customer's
 *   checkout route at the start; a cash sequence books by phone with the cash taken, at its
 *   deposit step (no route takes cash for an online checkout's deposit), so before that step the
 *   server has no booking and the model's no-ops there are not sent (said in the step's log);
 * - deposit: card, Checkout's `checkout.session.completed` (signed); once paid, the same event
 *   again (a redelivery); cash, the phone booking above; a cash deposit for a card booking (or
 *   a card one for a phone booking) cannot be expressed and is skipped, logged;
 * - openLink: the customer's 'Pay online' (my-booking/pay-balance); linkWebhook: the newest
 *   Checkout of the booking paid, once or twice, open or already closed (late);
 * - cardCharge: the owner's charge of the saved card (charge-booking-balance), the stand-in
 *   answering `processing` when asked; processingResult: payment_intent.succeeded or
 *   payment_failed for the processing charge;
 * - cash: the owner records what is owed and not paid, an open link aside, since recording closes
 *   it (booking-payments); nothing when nothing is due (as the model); voidLast: the newest
 *   recorded payment voided;
 * - move: the owner moves the installation between the sequence's two dates; addRemoval: the
 *   customer adds the removal and pays its Checkout; damages: the owner charges a damage line
 *   (the server prices it: the model's amount picks the quantity of small pieces and the model charges what the server prices them at, ledger-model.ts damagePiecesOf); dispute: a dispute on the
 *   deposit's intent; installDone, removalDone: the crew's done marks (job-events), each checked
 *   against the lifecycle's transition on the booking as the server held it (a removal's refused
 *   before the installation's);
 * - cancel: the customer's manage link, or the owner with or without refund;
 *   runRefunds: the expire-holds cron (it retries refunds) and the reconcile job; markReturned: the owner marks the
 *   first refund to give back by hand as returned;
 * - clock, clockTo: the server's clock is frozen (APP_NOW), so the time that passed is given to
 *   the booking instead: its deposit's `deposit_paid_at` is set back by what passed since the
 *   deposit (and past the 72-hour window when the model's installation lock has passed), and
 *   the reminder and mail jobs run at the moved clock through their run-now routes ({ now }).
 * The customer's manage link is staged with a known token (as the other server tests do), and
 * again after an owner's move, which revokes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptOnCancel, type Kept } from '../../domain/booking/policy';
import { doneMarkBlocker } from '../../domain/booking/job-events';
import { lifecycleOf, transition } from '../../domain/booking/lifecycle';
import { chargeRefundKey, isCardMethod, moneyOf, movementsOf, receiptFor, type BookingMoneyRow, type ChargeMoneyRow, type LedgerBooking, type Movement } from '../../domain/money/ledger';
import {
  customerMayCancel,
  damagePiecesOf,
  describeSequence,
  freshModel,
  ledgerViolations,
  MODEL_BOOKED_AT,
  replaySequences,
  stepModel,
  type LedgerCommand,
  type LedgerModel,
} from '../support/ledger-model';
import { chargesOf, newKey, paidSession, postWebhook } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { startStripeWorld, type StripeWorld } from './stripe-world';
import { bookingRequest, request } from './support';

const SEQUENCES = replaySequences(50);
const NOW_MS = Date.parse(SERVER_NOW);
const NOW_SEC = Math.floor(NOW_MS / 1000);
const HOUR = 3_600_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/** Install work days (Tue, Fri, Sat, Sun) from 2026-11-27 on: two per sequence, distinct. */
function workDates(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2026, 10, 27); out.length < n; t += 86_400_000) {
    if ([0, 2, 5, 6].includes(new Date(t).getUTCDay())) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
const DATES = workDates(2 * SEQUENCES.length);
/** Removal dates, one per sequence, after every installation and on days no installation is made (Mon, Wed, Thu). */
const REMOVAL_DATES = ((): string[] => {
  const out: string[] = [];
  for (let t = Date.UTC(2027, 6, 1); out.length < SEQUENCES.length; t += 86_400_000) {
    if ([1, 3, 4].includes(new Date(t).getUTCDay())) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
})();
/** The season widened so that every sequence has dates of its own (all in the 2026 season). */
const SEASON = { install: { start: '2026-11-21', end: '2027-06-30' }, removal: { start: '2026-11-22', end: '2027-12-31' } };
/** Adorned Arrangement 7.5–9 ft with an ornament add-on: its removal optional (to add), its damages chargeable. */
const PACKAGE = 'adorned-arrangement';
const ADDONS = ['ornament-boost'];
const SIZE = '7.5-9ft';
const SLOT = '9-15';

let w: StripeWorld;

beforeAll(async () => {
  w = await startStripeWorld(SERVER_NOW);
  const season = await w.su.collection('settings').getFirstListItem("key = 'season'");
  await w.su.collection('settings').update(season.id, { value: SEASON });
}, 60_000);

afterAll(() => w?.stop());

const post = (route: string, body: unknown, headers: Record<string, string> = {}) => request({ base: w.server.url, route, body, headers });
const asAdmin = (route: string, body: unknown) => post(route, body, { Authorization: w.admin, 'Idempotency-Key': newKey() });
const asSuperuser = (route: string, body: unknown) => post(route, body, { Authorization: w.su.authStore.token });

/** A charge route's answer in a few words, for the log. */
const answerOf = (body: any): string =>
  body?.message ?? (body && 'success' in body ? `success ${body.success}${body.error ? `: ${body.error}` : ''}${body.requiresCheckout ? ' (a link instead)' : ''}` : '');

/** One sequence on the server: its booking, its dates, what the test did that the invariants need. */
class Replay {
  bookingId = '';
  token = '';
  sessionId = '';
  customer: string;
  /** What the policy keeps once the server cancelled the booking through our call. */
  kept: Kept = 'nothing';
  installDate: string;
  readonly log: string[] = [];
  /** Each step: its command, whether the model's booking changed, what the server answered. */
  readonly steps: { kind: LedgerCommand['c']; modelTook: boolean; answer: string }[] = [];
  readonly model: LedgerModel = freshModel();
  /** The done marks sent, and whether the server took them. */
  readonly doneMarks: { visit: 'install' | 'removal'; taken: boolean }[] = [];
  private readonly email: string;
  private tokenSeq = 0;

  constructor(
    readonly index: number,
    readonly cmds: readonly LedgerCommand[],
  ) {
    this.customer = `cus_replay_${index}`;
    this.installDate = DATES[2 * index]!;
    this.email = `replay${index}@example.com`;
  }

  /** The date the installation moves to: the other of the sequence's two. */
  private otherDate = () => (this.installDate === DATES[2 * this.index] ? DATES[2 * this.index + 1]! : DATES[2 * this.index]!);
  private removalDate = () => REMOVAL_DATES[this.index]!;
  private note = (s: string) => this.log.push(s);
  private cardSequence = () => (this.cmds.find((c) => c.c === 'deposit') as { method: string } | undefined)?.method !== 'cash';

  private bookingData() {
    return bookingRequest({
      customerEmail: this.email,
      customerName: `Replay ${this.index}`,
      packageType: PACKAGE,
      treeSize: SIZE,
      installDate: this.installDate,
      installTimeSlot: SLOT,
      selectedAddons: ADDONS,
      removalDate: null,
      removalTimeSlot: null,
    });
  }

  /** A manage link for the booking with a token we know (the e-mailed one is not readable). */
  private async stageLink() {
    this.token = `Replay${this.index}x${++this.tokenSeq}`.padEnd(43, 'k');
    await w.su.collection('booking_links').create({ booking: this.bookingId, token_hash: createHash('sha256').update(this.token).digest('hex'), expires_at: '2027-12-01 00:00:00.000Z' });
  }

  /** Books through the customer's checkout (a card sequence, or one never paid). */
  async start() {
    if (!this.cardSequence()) return this.note('book: by phone at the cash deposit');
    const res = await post('/api/fn/create-booking-checkout', { bookingData: this.bookingData() });
    expect(res.status, `checkout: ${JSON.stringify(res.body)}`).toBe(200);
    this.bookingId = res.body.bookingId;
    this.sessionId = res.body.sessionId;
    await this.stageLink();
    this.note(`book: checkout ${res.status}`);
  }

  private async rows() {
    const [b, charges] = await Promise.all([w.su.collection('bookings').getOne(this.bookingId), chargesOf(w.su, this.bookingId)]);
    return { b, charges };
  }

  private ledgerBooking(b: Record<string, any>): LedgerBooking {
    const cancelled = b.status === 'cancelled' || b.status === 'payment_conflict';
    return { totalCents: b.total_price, depositCents: b.deposit_amount, cancelled, kept: cancelled ? this.kept : 'nothing' };
  }

  /** What the owner records by hand: what is owed and not paid, an open link aside (recording closes it). */
  private async dueByHand() {
    const { b, charges } = await this.rows();
    const x = moneyOf(movementsOf(b as unknown as BookingMoneyRow, charges as unknown as ChargeMoneyRow[]), this.ledgerBooking(b));
    const links = x.openCollections.filter((m) => m.method === 'payment_link' && m.status === 'pending').reduce((t, m) => t + m.amountCents, 0);
    return b.status === 'confirmed' || b.status === 'completed' ? Math.max(0, x.owedCents - x.paidCents - (x.pendingCents - links)) : 0;
  }

  private async depositEvent() {
    const session = paidSession(this.sessionId, { object: 'payment_intent', id: `pi_deposit_replay_${this.index}`, payment_method: `pm_replay_${this.index}` }, { customer: this.customer });
    // The server reads the session back from Stripe for the saved card: the stand-in answers as Stripe would.
    w.standIn.override('GET', `/v1/checkout/sessions/${this.sessionId}`, { status: 200, contentType: 'application/json', body: JSON.stringify(session) });
    return postWebhook(w.server.url, 'checkout.session.completed', session, NOW_SEC);
  }

  private async linkPaid(row: Record<string, any>, times: number) {
    const session = paidSession(row.stripe_checkout_session_id, `pi_link_${row.id}`, { amount_total: row.amount, metadata: { charge_id: row.id, booking_id: this.bookingId } });
    const out: number[] = [];
    for (let i = 0; i < times; i++) out.push((await postWebhook(w.server.url, 'checkout.session.completed', session, NOW_SEC)).status);
    return out.join(',');
  }

  /** The server's clock for the model's now: the frozen now plus the time the model has moved. */
  private serverNowIso = () => new Date(NOW_MS + (this.model.now - MODEL_BOOKED_AT)).toISOString();

  /** Runs `cmd` on the server through its routes; returns what it answered, for the log. */
  private async send(cmd: LedgerCommand): Promise<string> {
    if (cmd.c === 'clock' || cmd.c === 'clockTo') return this.moveClock();
    if (!this.bookingId) {
      if (cmd.c === 'deposit' && cmd.method === 'cash') return this.phoneBooking();
      return 'no booking yet (a phone booking waits for its cash deposit): nothing sent';
    }
    const { b, charges } = await this.rows();
    switch (cmd.c) {
      case 'deposit':
        if (!this.sessionId) return 'a phone booking has no Checkout: not expressible, skipped';
        if (cmd.method === 'cash') return 'cash for an online checkout deposit: no route, not expressible, skipped';
        return `webhook ${(await this.depositEvent()).status}`;
      case 'openLink':
        return `pay-balance ${(await post('/api/fn/my-booking/pay-balance', { token: this.token })).status}`;
      case 'linkWebhook': {
        const link = [...charges]
          .filter((c) => c.stripe_checkout_session_id)
          .sort((x, y) => (x.created_at < y.created_at ? -1 : 1))
          .pop();
        if (!link || link.status === 'processing') return 'no link: nothing sent';
        return `link ${link.id} paid: ${await this.linkPaid(link, cmd.times)}`;
      }
      case 'cardCharge': {
        w.standIn.script(b.stripe_customer_id || this.customer, cmd.outcome === 'processing' ? { status: 'processing' } : undefined);
        const res = await asAdmin('/api/fn/charge-booking-balance', { bookingId: this.bookingId });
        w.standIn.script(b.stripe_customer_id || this.customer, undefined);
        return `charge ${res.status} ${answerOf(res.body)}`;
      }
      case 'processingResult': {
        const p = charges.find((c) => c.status === 'processing');
        const intent = p && w.standIn.intents.find((i) => i.metadata.charge_id === p.id);
        if (!p || !intent) return 'nothing processing: nothing sent';
        const object = { object: 'payment_intent', id: intent.id, amount: intent.amount, metadata: intent.metadata };
        const res = cmd.ok
          ? await postWebhook(w.server.url, 'payment_intent.succeeded', { ...object, amount_received: intent.amount, status: 'succeeded' }, NOW_SEC)
          : await postWebhook(
              w.server.url,
              'payment_intent.payment_failed',
              { ...object, status: 'requires_payment_method', last_payment_error: { type: 'card_error', message: 'Declined.' } },
              NOW_SEC,
            );
        return `intent ${cmd.ok ? 'succeeded' : 'failed'} ${res.status}`;
      }
      case 'cash': {
        const due = await this.dueByHand();
        if (due <= 0) return 'nothing due: nothing recorded';
        const res = await asAdmin('/api/fn/booking-payments', { bookingId: this.bookingId, method: cmd.method, amountCents: due, ...(cmd.method === 'check' ? { checkNumber: '1042' } : {}) });
        return `record ${cmd.method} ${due} ${res.status} ${res.body?.message ?? ''}`;
      }
      case 'voidLast': {
        const p = [...charges]
          .filter((c) => c.method && c.status === 'succeeded')
          .sort((x, y) => (x.created_at < y.created_at ? -1 : 1))
          .pop();
        if (!p) return 'no recorded payment: nothing sent';
        const res = await asAdmin('/api/fn/booking-payments/void', { paymentId: p.id, reason: 'Recorded by mistake' });
        return `void ${res.status} ${res.body?.message ?? ''}`;
      }
      case 'move': {
        const to = this.otherDate();
        const res = await asAdmin('/api/fn/admin-bookings/move', { bookingId: this.bookingId, visit: 'install', date: to, timeSlot: SLOT });
        if (res.status === 200) {
          this.installDate = to;
          await this.stageLink();
        }
        return `move ${res.status} ${res.body?.message ?? ''}`;
      }
      case 'addRemoval': {
        const res = await post('/api/fn/my-booking/add-removal', { token: this.token, date: this.removalDate(), timeSlot: SLOT });
        if (res.status !== 200) return `add-removal ${res.status} ${res.body?.message ?? ''}`;
        const row = (await chargesOf(w.su, this.bookingId)).find((c) => c.kind === 'removal' && c.status === 'requires_checkout');
        return `add-removal 200 ${res.body?.added ? 'added at once' : 'a Checkout'}${row ? `, paid ${await this.linkPaid(row, 1)}` : ''}`;
      }
      case 'damages': {
        const small = damagePiecesOf(cmd.cents);
        const res = await asAdmin('/api/fn/charge-booking-balance', { bookingId: this.bookingId, additionalCharges: { items: { small } } });
        return `damages ×${small} ${res.status} ${answerOf(res.body)}`;
      }
      case 'dispute': {
        if (!b.payment_intent_id) return 'no card deposit: nothing sent';
        const dispute = { object: 'dispute', id: `dp_replay_${this.index}`, amount: b.deposit_amount, reason: 'fraudulent', payment_intent: b.payment_intent_id, charge: 'ch_1' };
        return `dispute ${(await postWebhook(w.server.url, 'charge.dispute.created', dispute, NOW_SEC)).status}`;
      }
      case 'installDone':
      case 'removalDone':
        return this.doneMark(cmd.c === 'installDone' ? 'install' : 'removal', b);
      case 'cancel': {
        const res =
          cmd.by === 'customer' ? await post('/api/fn/my-booking/cancel', { token: this.token }) : await asAdmin('/api/fn/admin-bookings/cancel', { bookingId: this.bookingId, refund: cmd.refund });
        if (res.status === 200 && b.status !== 'cancelled') this.kept = keptOnCancel(cmd.by, cmd.by === 'customer' || cmd.refund);
        return `cancel by ${cmd.by} ${res.status} ${res.body?.message ?? ''}`;
      }
      case 'runRefunds': {
        const res = await asSuperuser('/api/crons/expire-checkout-holds', {});
        const reconcile = await asSuperuser('/api/fn/jobs/reconcile-charges', {});
        return `refunds retried ${res.status}, charges reconciled ${reconcile.status}`;
      }
      case 'ownerRefund': {
        // As the model: the newest card payment but the deposit, and not beyond what it still holds.
        const { b: row, charges: cs } = await this.rows();
        const money = moneyOf(movementsOf(row as unknown as BookingMoneyRow, cs as unknown as ChargeMoneyRow[]), this.ledgerBooking(row));
        const r = [...money.refundable].reverse().find((x) => x.id !== 'deposit' && isCardMethod(x.method));
        if (!r || cmd.cents > r.cents) return 'nothing to refund by card within what it holds: nothing sent';
        const res = await asAdmin('/api/fn/admin-refunds/charge', { bookingId: this.bookingId, paymentId: r.id, amountCents: cmd.cents });
        return `owner refund ${cmd.cents} of ${r.id} ${res.status} ${res.body?.message ?? ''}`;
      }
      case 'markReturned': {
        const { b: row, charges: cs } = await this.rows();
        const r = movementsOf(row as unknown as BookingMoneyRow, cs as unknown as ChargeMoneyRow[]).find((m) => m.direction === 'refund' && m.status === 'to_return');
        if (!r) return 'nothing to return: nothing sent';
        const res = await asAdmin('/api/fn/admin-refunds/returned', { bookingId: this.bookingId, paymentId: r.of!.split('#')[0] });
        return `returned ${res.status} ${res.body?.message ?? ''}`;
      }
    }
  }

  /**
   * The crew's done mark (job-events) for `visit`, checked against the lifecycle's transition on
   * the booking as the server held it just before (`before`): taken (200) exactly when the
   * transition allows it, the booking then in the state it answers; refused (4xx) otherwise, the
   * booking unchanged. A visit already done is taken and changes nothing (the first mark wins).
   */
  private async doneMark(visit: 'install' | 'removal', before: Record<string, any>): Promise<string> {
    const clientId = Array.from(randomBytes(15), (x) => 'abcdefghijklmnopqrstuvwxyz0123456789'[x % 36]).join('');
    const res = await post('/api/fn/job-events', { clientId, bookingId: this.bookingId, kind: `${visit}_done`, occurredAt: SERVER_NOW }, { Authorization: w.admin });
    const life = lifecycleOf(before as any);
    // Before the lifecycle, the route refuses a booking cancelled, refunded or unpaid (job-events.ts doneMarkBlocker).
    const blocked = doneMarkBlocker(before as any) !== null;
    const already = !blocked && life[visit] === 'done';
    const next = blocked ? ({ ok: false, reason: String(doneMarkBlocker(before as any)) } as const) : transition(life, { type: 'visit_done', visit });
    const after = lifecycleOf((await w.su.collection('bookings').getOne(this.bookingId)) as any);
    const answer = `${visit} done ${res.status} ${res.body?.message ?? ''}`;
    const disagree = (why: string) => {
      throw new Error(
        `sequence ${this.index + 1} (booking ${this.bookingId}): the server and the lifecycle disagree on a ${visit} done mark: ${why}\n\nThe sequence:\n${describeSequence(this.cmds)}\n\nWhat the server answered:\n${[...this.log, answer].join('\n')}`,
      );
    };
    if (already || next.ok) {
      if (res.status !== 200) disagree(`the transition allows it, the server answered ${res.status} ${res.body?.message ?? ''}`);
      const want = next.ok ? next.state : life;
      if (JSON.stringify(after) !== JSON.stringify(want)) disagree(`the booking is ${JSON.stringify(after)}, the transition says ${JSON.stringify(want)}`);
    } else {
      if (res.status < 400 || res.status >= 500) disagree(`the transition refuses it (${next.reason}), the server answered ${res.status}`);
      if (JSON.stringify(after) !== JSON.stringify(life)) disagree(`refused, yet the booking changed to ${JSON.stringify(after)}`);
    }
    this.doneMarks.push({ visit, taken: res.status === 200 });
    return answer;
  }

  private async phoneBooking(): Promise<string> {
    const res = await asAdmin('/api/fn/admin-bookings/create', { bookingData: this.bookingData(), deposit: { method: 'cash' } });
    expect(res.status, `phone booking: ${JSON.stringify(res.body)}`).toBe(200);
    this.bookingId = res.body.booking.id;
    await this.stageLink();
    return `phone booking with cash ${res.status}`;
  }

  /** The time the model moved, given to the booking and to the jobs (see the file's comment). */
  private async moveClock(): Promise<string> {
    if (!this.bookingId) return 'clock moved (no booking yet)';
    const paidAt = this.model.depositPaidAtMs;
    const out: string[] = [];
    const paidOnServer = !!(await w.su.collection('bookings').getOne(this.bookingId)).deposit_paid_at;
    if (Number.isFinite(paidAt) && paidOnServer) {
      const passed = this.model.now - paidAt;
      const age = customerMayCancel(this.model) ? passed : Math.max(passed, 73 * HOUR);
      await w.su.collection('bookings').update(this.bookingId, { deposit_paid_at: pbDate(NOW_MS - age) });
      out.push(`deposit paid ${Math.round(age / HOUR)} h ago`);
    }
    const now = this.serverNowIso();
    const reminders = await asSuperuser('/api/fn/jobs/send-reminders', { now });
    const mail = await asSuperuser('/api/fn/jobs/deliver-mail', { now });
    out.push(`jobs at ${now}: reminders ${reminders.status}, mail ${mail.status}`);
    return out.join('; ');
  }

  /** The invariants on what the server stored and sent; [] when all hold. */
  private async violations(): Promise<string[]> {
    const [{ b, charges }, mail] = await Promise.all([this.rows(), w.su.collection('mail_log').getFullList({ filter: w.su.filter('related_id = {:id}', { id: this.bookingId }), fields: 'key,kind' })]);
    const keys = mail.map((m) => String(m.key));
    const receipts = mail.filter((m) => m.kind === 'receipt').map((m) => String(m.key));
    const count = (key: string) => receipts.filter((k) => k === key).length;
    const chargeOf = (id: string) => charges.find((c) => c.id === id);
    const base = (id: string) => id.split('#')[0]!;
    // A charge's later refunds (an owner's partial refund after the first): `<charge>:refund<n>`, each its own entry and Stripe key.
    const refundNumber = (mv: Movement) => Number(/:refund(\d+)$/.exec(mv.id)?.[1] ?? 1);
    const laterRefund = (chargeId: string, n: number) => ((chargeOf(chargeId)?.refunds ?? []) as { n: number; refund_id: string; status: string }[]).find((r) => r.n === n);
    const B = this.bookingId;
    /** The receipt key of each movement (keys: pb_hooks/src/lib/mail/receipts.ts). */
    const keyOf = (mv: Movement): string => {
      const of = base(mv.of ?? mv.id);
      if (mv.direction === 'payment') return of === 'deposit' ? `receipt:${B}:deposit` : `receipt:${of}:charge`;
      if (mv.direction === 'void') return `receipt:${of}:void`;
      if (mv.direction === 'refund') {
        if (mv.status === 'returned' || mv.status === 'to_return') return `receipt:${B}:refund-returned-${of}`;
        const n = refundNumber(mv);
        const refundId = of === 'deposit' ? b.refund_id : n > 1 ? laterRefund(of, n)?.refund_id : chargeOf(of)?.refund_id;
        return refundId ? `receipt:${B}:refund-${refundId}` : '';
      }
      return '';
    };
    const movements = movementsOf(b as unknown as BookingMoneyRow, charges as unknown as ChargeMoneyRow[]);
    const claimed = new Set(movements.map(keyOf).filter(Boolean));
    const violations = ledgerViolations({
      movements,
      booking: this.ledgerBooking(b),
      life: lifecycleOf(b as any),
      receiptsOf: (mv) => (keyOf(mv) ? count(keyOf(mv)) : 0),
      // The server's receipts: a void sends its correction; a payment refunded on arrival (late,
      // or already collected) sends the refund's receipt instead of its own (lib/ledger/balance-charges.ts).
      receiptsDue: (mv) => {
        if (mv.direction === 'void') return 1;
        if (mv.direction === 'payment' && keys.includes(`late_payment_notice:${base(mv.id)}:1`)) return 0;
        return receiptFor(mv) ? 1 : 0;
      },
      strayReceipts: receipts.filter((k) => !claimed.has(k)),
    });
    // What it sent to Stripe: a refund only for a card refund the ledger holds, and one for every card refund made
    // (keys: lib/payments/refund.ts, one per payment, so a retry never refunds twice).
    const refundKey = (of: string, n = 1) => (of === 'deposit' ? `refund-${B}` : chargeRefundKey(of, n));
    const ours = new Set([refundKey('deposit'), ...charges.flatMap((c) => [refundKey(c.id), ...((c.refunds ?? []) as { n: number }[]).map((r) => refundKey(c.id, r.n))])]);
    const sent = new Set(w.standIn.seen.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && ours.has(r.idempotencyKey ?? '')).map((r) => r.idempotencyKey!));
    const cardRefunds = movements.filter((m) => m.direction === 'refund' && isCardMethod(m.method));
    const failedRefund = (key: string) =>
      key === refundKey('deposit')
        ? b.deposit_refund === 'failed'
        : charges.some(
            (c) =>
              (refundKey(c.id) === key && c.refund_status === 'failed') || ((c.refunds ?? []) as { n: number; status: string }[]).some((r) => refundKey(c.id, r.n) === key && r.status === 'failed'),
          );
    const keyOfRefund = (m: Movement) => refundKey(base(m.of!), refundNumber(m));
    for (const key of sent) if (!cardRefunds.some((m) => keyOfRefund(m) === key) && !failedRefund(key)) violations.push(`a refund sent to Stripe that the ledger does not hold: ${key}`);
    for (const m of cardRefunds) if (m.status === 'succeeded' && !sent.has(keyOfRefund(m))) violations.push(`refund ${m.id} made but never sent to Stripe`);
    if (b.status === 'cancelled') {
      // Not only its state: the installation's slot is free again for anyone.
      const q = new URLSearchParams({ date: b.install_date, size: SIZE, kind: 'install' });
      const slots = await request({ base: w.server.url, route: `/api/fn/availability?${q}` });
      const slot = (slots.body?.slots ?? []).find((s: { id: string }) => s.id === b.install_time_slot);
      if (!slot?.available) violations.push(`a cancelled booking still holds ${b.install_date} ${b.install_time_slot}`);
    }
    return violations;
  }

  /** Runs the sequence, checking after every step; throws with the sequence and the step on a violation. */
  async run() {
    await this.start();
    for (const [i, cmd] of this.cmds.entries()) {
      const before = JSON.stringify([this.model.life, this.model.movements, this.model.kept]);
      const movable = transition(this.model.life, { type: 'visit_moved', visit: 'install' }).ok;
      stepModel(this.model, cmd);
      // A move leaves the model's state as it was: it took it when the lifecycle allowed it.
      const modelTook = cmd.c === 'move' ? movable : JSON.stringify([this.model.life, this.model.movements, this.model.kept]) !== before;
      const answer = await this.send(cmd);
      this.steps.push({ kind: cmd.c, modelTook, answer });
      this.note(`${i + 1}. ${JSON.stringify(cmd)} → ${answer}`);
      if (!this.bookingId) continue;
      const broken = await this.violations();
      if (broken.length > 0) {
        throw new Error(
          `sequence ${this.index + 1} (booking ${this.bookingId}) broke the ledger's invariants at step ${i + 1} ${JSON.stringify(cmd)}:\n  ${broken.join('\n  ')}\n\nThe sequence:\n${describeSequence(this.cmds)}\n\nWhat the server answered:\n${this.log.join('\n')}`,
        );
      }
    }
  }
}

describe('the ledger model replayed against the server (50 sequences, Stripe mode)', () => {
  it('keeps the invariants after every step of every sequence', async () => {
    const tally = new Map<string, { taken: number; refused: number; notSent: number; model: number; differ: number }>();
    const doneMarks: { visit: 'install' | 'removal'; taken: boolean }[] = [];
    for (const [i, cmds] of SEQUENCES.entries()) {
      const replay = new Replay(i, cmds);
      await replay.run();
      doneMarks.push(...replay.doneMarks);
      // LEDGER_REPLAY_LOG=1 prints what the server answered to every step.
      if (process.env.LEDGER_REPLAY_LOG) console.log(`sequence ${i + 1}:\n${replay.log.join('\n')}`);
      for (const step of replay.steps) {
        const t = tally.get(step.kind) ?? { taken: 0, refused: 0, notSent: 0, model: 0, differ: 0 };
        const outcome = /nothing|no booking|skipped|expressible/.test(step.answer) ? 'notSent' : / [45]\d\d\b/.test(step.answer) || /success false/.test(step.answer) ? 'refused' : 'taken';
        t[outcome]++;
        if (step.modelTook) t.model++;
        // The clock and the refunds' cron always run on the server; the others should agree with the model.
        if (!['clock', 'clockTo', 'runRefunds'].includes(step.kind) && step.modelTook !== (outcome === 'taken')) t.differ++;
        tally.set(step.kind, t);
      }
    }
    // The replay is only as good as what the server took: say it, per command, beside what the model did.
    console.log(
      'command: server took / refused / not sent (no booking yet, nothing to act on) | model changed | the two differ\n' +
        [...tally].map(([k, t]) => `${k.padEnd(17)} ${t.taken} / ${t.refused} / ${t.notSent} | ${t.model} | ${t.differ}`).join('\n'),
    );
    expect([...tally.values()].reduce((n, t) => n + t.taken + t.refused + t.notSent, 0)).toBe(SEQUENCES.reduce((n, s) => n + s.length, 0));
    // Every kind of command the model acted on was taken by the server at least once: the replay reaches every path.
    expect([...tally].filter(([, t]) => t.model > 0 && t.taken === 0).map(([k]) => k)).toEqual([]);
    // The sequences mark visits done, each checked against the lifecycle (doneMark): the installation's and the removal's taken, a removal's refused too.
    expect(doneMarks).toEqual(
      expect.arrayContaining([
        { visit: 'install', taken: true },
        { visit: 'removal', taken: true },
        { visit: 'removal', taken: false },
      ]),
    );
  }, 120_000);
});
