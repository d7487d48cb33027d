/**
 * Model-based test of the waitlist (the waitlist contract; as the ledger's model test,
 * domain/money/ledger.model.test.ts): random sequences of joins, bookings, cancels, moves, time
 * passing (expiries, holds ending), declines and accepts, each run through the pure commands
 * (domain/commands/waitlist-*-command.ts) and rules (waitlist.ts nextOffers) the server runs, on
 * an in-memory store that applies their changes as the runner does. After every step: for every
 * date and hour, open unexpired offers + active bookings + holds <= crews; at most one open
 * offer per entry; every open offer ends before the visit's notice; an offer only ever goes to
 * an entry that was waiting. Fixed seed, 500 sequences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusal, type Change, type Outcome } from '../commands/command';
import { waitlistDeclineCommand } from '../commands/waitlist-decline-command';
import { waitlistExpireCommand } from '../commands/waitlist-expire-command';
import { waitlistJoinCommand } from '../commands/waitlist-join-command';
import { waitlistOfferCommand } from '../commands/waitlist-offer-command';
import { acceptOfferChanges, offerAcceptProblem } from '../commands/waitlist-accept-command';
import { TREE_SIZES, type TreeSize } from '../catalog';
import { parseTimestamp } from '../schedule/calendar';
import { visitStartMs } from '../schedule/notice';
import { isActiveBooking, slotHasConflict, visitsOn, type BookingSchedule } from '../schedule/overlap';
import { parseSlotId, slotsFor, type VisitKind } from '../schedule/slots';
import { nextOffers, offerSchedule, type EntryStatus, type OfferStatus, type WaitingEntry } from './waitlist';

const DATES = ['2026-12-05', '2026-12-06'];
const START = Date.UTC(2026, 10, 20, 17);
const NOTICE = 48;
const OFFER_HOURS = 12;

type Row = Record<string, unknown> & { id: string };

/** The in-memory store: collections of rows, changed as the runner applies a decision. */
class Store {
  rows: Record<string, Map<string, Row>> = { bookings: new Map(), waitlist_entries: new Map(), waitlist_offers: new Map() };
  next = 0;
  now = START;
  crews = 1;
  id(prefix: string): string {
    return `${prefix}${++this.next}`;
  }
  apply(changes: readonly Change[]): void {
    for (const c of changes) {
      const table = this.rows[c.collection]!;
      if (c.op === 'create') table.set(c.id!, { ...(c.fields as Record<string, unknown>), id: c.id! });
      else table.set(c.id, { ...table.get(c.id)!, ...(c.fields as Record<string, unknown>) });
    }
  }
  all(collection: string): Row[] {
    return [...this.rows[collection]!.values()];
  }
  /** bookingsOnDates: the bookings and the open offers as holds. */
  schedules(date: string): BookingSchedule[] {
    const bookings = this.all('bookings')
      .map((b) => b as unknown as BookingSchedule)
      .filter((b) => b.status !== 'cancelled' && (b.install_date === date || b.removal_date === date));
    const offers = this.all('waitlist_offers')
      .filter((o) => o.status === 'open' && o.date === date)
      .map((o) => offerSchedule(o.id, date, o.kind as VisitKind, String(o.time_slot), String(o.expires_at)));
    return [...bookings, ...offers];
  }
  entry(r: Row): WaitingEntry {
    return {
      id: r.id,
      date: String(r.date),
      kind: r.kind as VisitKind,
      size: r.tree_size as TreeSize,
      joinedAt: Number(r.joined_at),
      status: r.status as EntryStatus,
      bookingId: '',
      noticeHours: NOTICE,
    };
  }
}

/** What the model saw go wrong, if anything, besides the invariants. */
let offeredToNotWaiting = 0;

function run<M, A>(s: Store, outcome: Outcome<M, A>): A | null {
  if (isRefusal(outcome)) return null;
  s.apply(outcome.changes);
  return outcome.answer;
}

/** The offer step (waitlist-offer-step.ts offerOnDates): plan, then one offer command per plan. */
function offerStep(s: Store, dates: readonly string[]): void {
  for (const date of dates) {
    const entries = s
      .all('waitlist_entries')
      .filter((e) => e.status === 'waiting' && e.date === date)
      .map((e) => s.entry(e));
    for (const plan of nextOffers(entries, s.schedules(date), date, s.now, OFFER_HOURS, s.crews)) {
      const rec = s.rows.waitlist_entries!.get(plan.entry.id)!;
      if (rec.status !== 'waiting') offeredToNotWaiting++;
      const newOfferId = s.id('o');
      run(
        s,
        waitlistOfferCommand.decide(
          { entry: s.entry(rec), schedules: s.schedules(date), crews: s.crews, offerHours: OFFER_HOURS, newOfferId, tokenHash: 'h' },
          { entryId: rec.id, slotId: '', by: 'job' },
          s.now,
        ),
      );
    }
  }
}

/** The job: stale offers end, then every date offers what is free. */
function job(s: Store): void {
  for (const o of s.all('waitlist_offers').filter((x) => x.status === 'open')) {
    const slot = parseSlotId(o.time_slot)!;
    const others = s.schedules(String(o.date)).filter((x) => x.id !== `offer:${o.id}`);
    const offer = { id: o.id, status: o.status as OfferStatus, expiresAtMs: parseTimestamp(String(o.expires_at)), entryId: String(o.entry), date: String(o.date) };
    run(s, waitlistExpireCommand.decide({ offer, takenOtherwise: slotHasConflict(String(o.date), slot, others, s.now, s.crews) }, { offerId: o.id }, s.now));
  }
  offerStep(s, DATES);
}

type Cmd =
  | { c: 'join'; d: number; size: number; kind: VisitKind }
  | { c: 'book'; d: number; slot: number; size: number; paid: boolean }
  | { c: 'cancel'; b: number }
  | { c: 'move'; b: number; d: number; slot: number }
  | { c: 'tick'; hours: number }
  | { c: 'decline'; o: number }
  | { c: 'accept'; o: number; paid: boolean };

// Weighted towards filling days and waiting for them, so freed slots meet people in line.
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ c: fc.constant('join' as const), d: fc.nat(1), size: fc.constantFrom(0, 0, 0, 1, 2), kind: fc.constantFrom<VisitKind>('install', 'install', 'install', 'removal') }),
  },
  { weight: 4, arbitrary: fc.record({ c: fc.constant('book' as const), d: fc.nat(1), slot: fc.nat(3), size: fc.nat(2), paid: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('cancel' as const), b: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('move' as const), b: fc.nat(20), d: fc.nat(1), slot: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 24 }) }) },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('decline' as const), o: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('accept' as const), o: fc.nat(20), paid: fc.boolean() }) },
);

const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

function step(s: Store, cmd: Cmd): void {
  switch (cmd.c) {
    case 'join': {
      const date = DATES[cmd.d]!;
      const size = TREE_SIZES[cmd.size]!;
      const email = `p${s.next}@example.com`;
      const newId = s.id('e');
      const state = {
        dateProblem: null,
        noticeHours: NOTICE,
        crews: s.crews,
        schedules: s.schedules(date),
        liveEntries: [],
        booking: null,
        lastJoinedAt: Math.max(0, ...s.all('waitlist_entries').map((e) => Number(e.joined_at))),
        newId,
        leaveTokenHash: 'h',
        clientIp: '',
      };
      run(s, waitlistJoinCommand.decide(state, { name: 'P', email, phone: '1', date, kind: cmd.kind, size, packageType: 'elevated-arbor', choices: {}, bookingToken: '' }, s.now));
      return;
    }
    case 'book': {
      // A checkout or phone booking: only onto a free slot (the overlap check in its transaction).
      const date = DATES[cmd.d]!;
      const slot = pick(slotsFor(TREE_SIZES[cmd.size]!, date, 'install'), cmd.slot)!;
      if (slotHasConflict(date, slot, s.schedules(date), s.now, s.crews)) return;
      const hold = new Date(s.now + 30 * 60_000).toISOString();
      s.apply([
        {
          op: 'create',
          collection: 'bookings',
          id: s.id('b'),
          fields: {
            status: cmd.paid ? 'confirmed' : 'pending_payment',
            payment_status: cmd.paid ? 'deposit_paid' : 'pending',
            hold_expires_at: hold,
            install_date: date,
            install_time_slot: slot.id,
            removal_date: '',
            removal_time_slot: '',
          },
        },
      ]);
      return;
    }
    case 'cancel': {
      const b = pick(
        s.all('bookings').filter((x) => x.status !== 'cancelled'),
        cmd.b,
      );
      if (!b) return;
      s.apply([{ op: 'update', collection: 'bookings', id: b.id, fields: { status: 'cancelled' } }]);
      offerStep(s, [String(b.install_date)]);
      return;
    }
    case 'move': {
      const b = pick(
        s.all('bookings').filter((x) => x.status === 'confirmed'),
        cmd.b,
      );
      if (!b) return;
      const date = DATES[cmd.d]!;
      const size =
        (slotsFor('5-7ft', date, 'install').some((x) => x.id === b.install_time_slot) ? '5-7ft' : TREE_SIZES.find((t) => slotsFor(t, date, 'install').some((x) => x.id === b.install_time_slot))) ??
        '5-7ft';
      const slot = pick(slotsFor(size, date, 'install'), cmd.slot)!;
      const others = s.schedules(date).filter((x) => x.id !== b.id);
      if (slotHasConflict(date, slot, others, s.now, s.crews)) return;
      const from = String(b.install_date);
      s.apply([{ op: 'update', collection: 'bookings', id: b.id, fields: { install_date: date, install_time_slot: slot.id } }]);
      offerStep(s, [from]);
      return;
    }
    case 'tick':
      s.now += cmd.hours * 3_600_000;
      job(s);
      return;
    case 'decline': {
      const o = pick(s.all('waitlist_offers'), cmd.o);
      if (!o) return;
      const offer = { id: o.id, status: o.status as OfferStatus, expiresAtMs: parseTimestamp(String(o.expires_at)), entryId: String(o.entry), date: String(o.date) };
      const a = run(s, waitlistDeclineCommand.decide({ offer }, { token: 't' }, s.now));
      if (a?.freedDate) offerStep(s, [a.freedDate]);
      return;
    }
    case 'accept': {
      // The checkout with waitlistOffer: the offer checked, its own hold left out, the booking made with the offer accepted.
      const o = pick(s.all('waitlist_offers'), cmd.o);
      if (!o) return;
      const offer = {
        id: o.id,
        status: o.status as OfferStatus,
        expiresAtMs: parseTimestamp(String(o.expires_at)),
        entryId: String(o.entry),
        date: String(o.date),
        kind: o.kind as VisitKind,
        slotId: String(o.time_slot),
        size: String(o.tree_size),
        movingBookingId: '',
      };
      if (offerAcceptProblem(offer, { kind: offer.kind, date: offer.date, slotId: offer.slotId, size: offer.size }, s.now, false)) return;
      const date = offer.date;
      const slot = parseSlotId(offer.slotId)!;
      const others = s.schedules(date).filter((x) => x.id !== `offer:${o.id}`);
      if (slotHasConflict(date, slot, others, s.now, s.crews)) return;
      const id = s.id('b');
      const kind = offer.kind;
      s.apply([
        {
          op: 'create',
          collection: 'bookings',
          id,
          fields: {
            status: cmd.paid ? 'confirmed' : 'pending_payment',
            payment_status: cmd.paid ? 'deposit_paid' : 'pending',
            hold_expires_at: new Date(s.now + 30 * 60_000).toISOString(),
            install_date: kind === 'install' ? date : '',
            install_time_slot: kind === 'install' ? offer.slotId : '',
            removal_date: kind === 'removal' ? date : '',
            removal_time_slot: kind === 'removal' ? offer.slotId : '',
          },
        },
        ...acceptOfferChanges(offer, id),
      ]);
      return;
    }
  }
}

/** A store whose dates start full: every 3-hour slot booked and paid once per crew. */
function fullDays(crews: number): Store {
  const s = new Store();
  s.crews = crews;
  for (const date of DATES)
    for (let c = 0; c < crews; c++) for (let i = 0; i < slotsFor('5-7ft', date, 'install').length; i++) step(s, { c: 'book', d: DATES.indexOf(date), slot: i, size: 0, paid: true });
  return s;
}

/** The invariants of the store at its `now`, as sentences (none when all hold). */
function violations(s: Store): string[] {
  const out: string[] = [];
  for (const date of DATES) {
    const active = s.schedules(date).filter((b) => isActiveBooking(b, s.now));
    for (let h = 9; h < 21; h++) {
      const n = active.filter((b) => visitsOn(b, date).some((v) => v.startHour <= h && h < v.endHour)).length;
      if (n > s.crews) out.push(`${date} ${h}:00 held ${n} times for ${s.crews} crews`);
    }
  }
  const open = s.all('waitlist_offers').filter((o) => o.status === 'open');
  const perEntry = new Map<string, number>();
  for (const o of open) {
    perEntry.set(String(o.entry), (perEntry.get(String(o.entry)) ?? 0) + 1);
    const start = visitStartMs(String(o.date), parseSlotId(o.time_slot)!.startHour * 60);
    if (parseTimestamp(String(o.expires_at)) > start - NOTICE * 3_600_000) out.push(`offer ${o.id} held past the notice`);
    const e = s.rows.waitlist_entries!.get(String(o.entry))!;
    if (e.status !== 'offered') out.push(`offer ${o.id} open for an entry ${String(e.status)}`);
  }
  for (const [entry, n] of perEntry) if (n > 1) out.push(`entry ${entry} has ${n} open offers`);
  if (offeredToNotWaiting > 0) out.push(`${offeredToNotWaiting} offers planned for entries not waiting`);
  return out;
}

describe('the waitlist under random sequences', () => {
  it('never holds a slot more than the crews allow, one open offer per entry, none past the notice (500 sequences, fixed seed)', () => {
    const seen = { offers: 0, accepted: 0, expired: 0, declined: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), fc.array(cmdArb, { minLength: 1, maxLength: 60 }), (crews, cmds) => {
        const s = fullDays(crews);
        offeredToNotWaiting = 0;
        cmds.forEach((cmd, i) => {
          step(s, cmd);
          expect(violations(s), `after step ${i + 1} (${JSON.stringify(cmd)})`).toEqual([]);
        });
        const offers = s.all('waitlist_offers');
        seen.offers += offers.length;
        for (const k of ['accepted', 'expired', 'declined'] as const) seen[k] += offers.filter((o) => o.status === k).length;
      }),
      { seed: 20261127, numRuns: 500 },
    );
    // The sequences reach every way an offer ends (the property is not vacuous).
    expect(seen.offers).toBeGreaterThan(40);
    for (const k of ['accepted', 'expired', 'declined'] as const) expect(seen[k], k).toBeGreaterThan(2);
  });

  it('offers are made in these sequences (the property is not vacuous)', () => {
    const s = new Store();
    for (const cmd of [
      { c: 'book', d: 0, slot: 0, size: 1, paid: true },
      { c: 'book', d: 0, slot: 2, size: 1, paid: true },
      { c: 'join', d: 0, size: 1, kind: 'install' },
      { c: 'join', d: 0, size: 1, kind: 'install' },
      { c: 'cancel', b: 0 },
    ] as Cmd[])
      step(s, cmd);
    expect(s.all('waitlist_offers').map((o) => [o.status, o.time_slot])).toEqual([['open', '9-15']]);
    expect(s.all('waitlist_entries').map((e) => e.status)).toEqual(['offered', 'waiting']);
  });

  it('the invariants catch a broken rule: an offer made over a full slot', () => {
    const s = new Store();
    step(s, { c: 'book', d: 0, slot: 0, size: 1, paid: true });
    s.apply([{ op: 'create', collection: 'waitlist_entries', id: 'e0', fields: { date: DATES[0]!, kind: 'install', tree_size: '7.5-9ft', joined_at: 1, status: 'offered' } }]);
    s.apply([
      {
        op: 'create',
        collection: 'waitlist_offers',
        id: 'o0',
        fields: { entry: 'e0', date: DATES[0]!, kind: 'install', time_slot: '9-15', expires_at: new Date(START + 3_600_000).toISOString(), status: 'open' },
      },
    ]);
    expect(violations(s)).toEqual(expect.arrayContaining([expect.stringMatching(/held 2 times for 1 crews/)]));
  });
});
