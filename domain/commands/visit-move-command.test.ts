import { describe, expect, it } from 'vitest';
import { scheduledBooking } from '../../tests/support/domain-builders';
import type { LatLon } from '../place/distance';
import type { TravelCheck } from '../schedule/travel-buffer';
import { noticeRefusal } from '../schedule/notice';
import { seasonFor } from '../schedule/season';
import { SELF_SERVICE_MESSAGES as M } from '../booking/self-service';
import type { BookingFacts } from './booking-changes';
import { bookingFacts, FIXTURE_NOW } from '../../tests/support/domain-builders';
import { isRefusal } from './command';
import { customerMoveCommand, OWNER_MOVE_MESSAGES, ownerMoveCommand, ownerMoveFingerprint, type CustomerMoveState, type MoveWorld, type OwnerMoveState } from './visit-move-command';

// Friday November 20, 2026, 10:00 in New York; the deposit paid an hour before (tests/support/domain-builders.ts).
const NOW = FIXTURE_NOW;

const booking = bookingFacts;

const world = (over: Partial<MoveWorld> = {}): MoveWorld => ({
  dateContext: { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set(['2026-12-12']) },
  others: [],
  crews: 1,
  tokens: { liveLinkIds: ['l1'], tokenHash: 'hash', manageUrl: 'https://example.test/my-booking?token=t', stableLinkId: '', historyClientId: 'customer_x' },
  ...over,
});

const customer = (b: BookingFacts | null, w: MoveWorld = world(), noticeHours = 48, travel: TravelCheck | null = null): CustomerMoveState => ({
  found: b ? { booking: b, world: w } : null,
  noticeHours,
  travel,
});
const moveTo = (visit: string, date: string, timeSlot = '9-15', from: { date: string; timeSlot: string } | null = null) => ({ token: 't', visit, date, timeSlot, from });
const FROM_INSTALL = { date: '2026-12-04', timeSlot: '9-15' };
/** The mover's ZIP in Ellicott City, Annapolis about 40 minutes away (ZIP centroids), a 30-minute buffer. */
const CENTROIDS: Record<string, LatLon> = { '21043': [39.2673, -76.7983], '21401': [38.9784, -76.4922] };
const FAR_TRAVEL: TravelCheck = { zip: '21043', bufferMinutes: 30, centroid: (zip) => CENTROIDS[zip] };

/** Another confirmed booking installing on `date` at 9-15 (it takes the slot). */
const holder = (date: string) => scheduledBooking({ id: 'other', hold_expires_at: '', install_date: date });

describe("the customer's move", () => {
  it('moves the installation: the visit, the status transition answered, the SEQUENCE, the links following the visits (none revoked), the history, two e-mails', () => {
    const out = customerMoveCommand.decide(customer(booking()), moveTo('install', '2026-12-11', '9-15', FROM_INSTALL), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'confirmed', install_date: '2026-12-11', install_time_slot: '9-15', ics_sequence: 1 } });
    // The removal (2026-12-28) stays the last visit: the links expire 30 days after its day.
    expect(out.changes[1]).toEqual({ op: 'update', collection: 'booking_links', id: 'l1', fields: { expires_at: '2027-01-28 05:00:00.000Z' } });
    expect(out.changes[2]).toEqual({ op: 'create', collection: 'booking_links', fields: { booking: 'b1', token_hash: 'hash', expires_at: '2027-01-28 05:00:00.000Z' } });
    expect(out.changes[3]).toMatchObject({
      op: 'create',
      collection: 'job_events',
      fields: { kind: 'customer_change', client_id: 'customer_x', text: 'The customer moved the installation from Friday, December 4, 2026, 9 AM - 3 PM to Friday, December 11, 2026, 9 AM - 3 PM.' },
    });
    expect(out.mails.map((m) => m.to)).toEqual(['customer', 'owner']);
    expect(out.mails[0]).toMatchObject({ bookingId: 'b1', visit: 'install', who: 'customer', manageUrl: 'https://example.test/my-booking?token=t' });
    expect(out.answer).toEqual({ bookingId: 'b1' });
  });

  it.each([
    ['a dead link', customer(null), moveTo('install', '2026-12-11'), 404, M.invalidLink],
    ['an unknown visit', customer(booking()), moveTo('consultation', '2026-12-11'), 400, M.badVisit],
    ['a day installations are not made', customer(booking()), moveTo('install', '2026-12-10'), 400, 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['a blocked day', customer(booking()), moveTo('install', '2026-12-12'), 400, 'That date is not available. Please choose another date.'],
    ['a slot not offered', customer(booking()), moveTo('install', '2026-12-11', '8-14'), 400, 'That installation time slot is not offered on this date. Please choose another slot.'],
    ['the same time', customer(booking()), moveTo('install', '2026-12-04'), 409, M.sameSlot],
    ['after the window (only the removal moves)', customer(booking({ depositPaidAtMs: NOW - 80 * 3_600_000 })), moveTo('install', '2026-12-11'), 409, M.moveClosed],
    ['a cancelled booking', customer(booking({ status: 'cancelled' })), moveTo('install', '2026-12-11'), 409, M.moveClosed],
    ['a done installation', customer(booking({ install_done_at: '2026-12-04 15:00:00.000Z' })), moveTo('install', '2026-12-11'), 409, M.moveClosed],
    ['a new time within 48 hours', customer(booking()), moveTo('install', '2026-11-22'), 409, M.installTooSoon],
    ['a slot taken meanwhile', customer(booking(), world({ others: [holder('2026-12-11')] })), moveTo('install', '2026-12-11'), 409, M.slotTaken],
    [
      'a slot taken meanwhile by a visit in another town: taken, not the drive',
      customer(booking(), world({ others: [{ ...holder('2026-12-11'), customer_address: '100 Main St, Annapolis, MD 21401' }] }), 48, FAR_TRAVEL),
      moveTo('install', '2026-12-11'),
      409,
      M.slotTaken,
    ],
    [
      'a time the drive from a visit in another town leaves no room for',
      customer(booking(), world({ others: [{ ...holder('2026-12-11'), customer_address: '100 Main St, Annapolis, MD 21401' }] }), 48, FAR_TRAVEL),
      moveTo('install', '2026-12-11', '15-21'),
      409,
      'That installation time leaves too little time to drive between our visits nearby. Please choose another time.',
    ],
    ["a new time inside the package's longer notice", customer(booking(), world(), 720), moveTo('install', '2026-12-11'), 409, noticeRefusal('installation', 720)],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(customerMoveCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it('keeps the stable link as it is when its row exists: only its expiry follows the visits', () => {
    const w = world({ tokens: { ...world().tokens, liveLinkIds: ['l1', 'stable'], stableLinkId: 'stable' } });
    const out = customerMoveCommand.decide(customer(booking(), w), moveTo('removal', '2027-01-12', '9-15', { date: '2026-12-28', timeSlot: '9-15' }), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    const links = out.changes.filter((c) => c.collection === 'booking_links');
    expect(links).toEqual([
      { op: 'update', collection: 'booking_links', id: 'l1', fields: { expires_at: '2027-02-12 05:00:00.000Z' } },
      { op: 'update', collection: 'booking_links', id: 'stable', fields: { expires_at: '2027-02-12 05:00:00.000Z' } },
    ]);
  });

  it.each([
    ['another date than the page showed', { date: '2026-12-05', timeSlot: '9-15' }],
    ['another slot than the page showed', { date: '2026-12-04', timeSlot: '12-18' }],
    ['the request sent again after the move (from the old time, to where it is now)', { date: '2026-11-27', timeSlot: '9-15' }],
  ] as const)('refuses a stale request: %s', (_name, from) => {
    expect(customerMoveCommand.decide(customer(booking()), moveTo('install', '2026-12-11', '9-15', from), NOW)).toEqual({ status: 409, message: M.staleRequest });
  });

  it('parses anything into strings (decide judges them, after the link), `from` when the request names it, and refuses a malformed `from`', () => {
    expect(customerMoveCommand.parse({ token: ' t ', visit: 3 }, [])).toEqual({ ok: true, value: { token: 't', visit: '', date: '', timeSlot: '', from: null } });
    expect(customerMoveCommand.parse({ token: 't', from: { date: '2026-12-04', timeSlot: '9-15' } }, [])).toMatchObject({ ok: true, value: { from: { date: '2026-12-04', timeSlot: '9-15' } } });
    expect(customerMoveCommand.parse({ token: 't', from: 'garbage' }, [])).toEqual({ ok: false, message: M.badFrom });
  });
});

describe("the owner's move", () => {
  const owner = (b: BookingFacts | null, w: MoveWorld = world()): OwnerMoveState => ({ found: b ? { booking: b, world: w } : null, staffId: 's1' });
  const moveTo = (visit: string, date: string, timeSlot = '9-15') => ({ bookingId: 'b1', visit, date, timeSlot });

  it('moves the removal even the day before (no customer deadline) and e-mails the customer; its key is the runner’s', () => {
    const out = ownerMoveCommand.decide(owner(booking({ depositPaidAtMs: NOW - 30 * 86_400_000, removal_date: '2026-12-29' })), moveTo('removal', '2026-12-30'), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'confirmed', removal_date: '2026-12-30', removal_time_slot: '9-15', ics_sequence: 1 } });
    // The key is stored by the runner in its one store (docs/decisions/061), never by the command.
    expect(out.changes.some((c) => c.collection === 'request_keys')).toBe(false);
    expect(ownerMoveCommand.idempotency).toMatchObject({ by: 'key', header: 'required' });
    expect(out.changes).toContainEqual(expect.objectContaining({ collection: 'job_events', fields: expect.objectContaining({ kind: 'owner_change', created_by: 's1' }) }));
    expect(out.mails).toEqual([
      { bookingId: 'b1', visit: 'removal', before: 'Tuesday, December 29, 2026, 9 AM - 3 PM', who: 'owner', to: 'customer', manageUrl: 'https://example.test/my-booking?token=t' },
    ]);
  });

  it.each([
    ['a move to where the visit is', owner(booking()), moveTo('install', '2026-12-04')],
    ['a move to where the visit is, on a booking no longer confirmed', owner(booking({ status: 'cancelled' })), moveTo('install', '2026-12-04')],
  ] as const)('%s changes nothing and answers the booking', (_name, s, i) => {
    expect(ownerMoveCommand.decide(s, i, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: 'b1' } });
  });

  it.each([
    ['no such booking', owner(null), moveTo('install', '2026-12-11'), 404, OWNER_MOVE_MESSAGES.notFound],
    ['a date the season refuses', owner(booking()), moveTo('install', '2026-12-10'), 400, 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['a cancelled booking', owner(booking({ status: 'cancelled' })), moveTo('install', '2026-12-11'), 409, OWNER_MOVE_MESSAGES.notConfirmed],
    ['a done installation', owner(booking({ install_done_at: '2026-12-04 15:00:00.000Z' })), moveTo('install', '2026-12-11'), 409, OWNER_MOVE_MESSAGES.done('installation')],
    ['a removal held for its payment', owner(booking({ removal_hold: 'c1' })), moveTo('removal', '2026-12-30'), 409, M.removalPaymentOpen],
    ['no removal', owner(booking({ removal_date: '', removal_time_slot: '' })), moveTo('removal', '2026-12-30'), 409, OWNER_MOVE_MESSAGES.noRemoval],
    ['a slot taken meanwhile', owner(booking(), world({ others: [holder('2026-12-11')] })), moveTo('install', '2026-12-11'), 409, M.slotTaken],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(ownerMoveCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it('needs the booking; keeps the fingerprint text the route has always stored', () => {
    expect(ownerMoveCommand.parse({ visit: 'install' }, [])).toEqual({ ok: false, message: OWNER_MOVE_MESSAGES.missing });
    expect(ownerMoveFingerprint({ bookingId: 'b1', visit: 'install', date: '2026-12-11', timeSlot: '9-15' })).toBe('["admin-bookings/move","b1","install","2026-12-11","9-15"]');
  });
});
