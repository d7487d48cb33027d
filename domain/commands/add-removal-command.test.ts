import { describe, expect, it } from 'vitest';
import { bookingChoices } from '../../tests/support/domain-builders';
import type { BookingChoices } from '../money/pricing';
import { seasonFor } from '../schedule/season';
import { SELF_SERVICE_MESSAGES as M } from '../booking/self-service';
import { ADD_REMOVAL_MESSAGES, addRemovalCommand, removalAddedHistory, removalBookedFields, removalChargeFingerprint, type AddRemovalState, type AddRemovalTarget } from './add-removal-command';
import type { BookingFacts } from './booking-changes';
import { isRefusal } from './command';

// Friday November 20, 2026, 10:00 in New York; the deposit paid an hour before.
const NOW = Date.parse('2026-11-20T15:00:00Z');

const booking = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  id: 'b1',
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  depositPaidAtMs: NOW - 3_600_000,
  install_date: '2026-12-04',
  install_time_slot: '9-15',
  removal_date: '',
  removal_time_slot: '',
  install_done_at: '',
  removal_done_at: '',
  removalOptional: true,
  removal_hold: '',
  tree_size: '7.5-9ft',
  ics_sequence: 1,
  cancel_reason: '',
  ...over,
});

/** Adorned Arrangement without its removal: $85 to add; with the luxe finish it is included (free). */
const choices = (over: Partial<BookingChoices> = {}): BookingChoices => bookingChoices({ packageSlug: 'adorned-arrangement', distanceMiles: 5, ...over });

const target = (over: Partial<AddRemovalTarget> = {}): AddRemovalTarget => ({
  booking: booking(),
  choices: choices(),
  openUrl: '',
  openCharges: 0,
  world: {
    dateContext: { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set() },
    others: [],
    crews: 1,
    tokens: { liveLinkIds: ['l1'], tokenHash: 'hash', manageUrl: 'https://example.test/my-booking?token=t', stableLinkId: '', historyClientId: 'customer_x' },
  },
  newCharge: { id: 'c2', attempt: 3, fingerprint: 'fp' },
  ...over,
});
const state = (t: AddRemovalTarget | null): AddRemovalState => ({ found: t });
const on = (date: string, timeSlot = '9-15', from: { date: string; timeSlot: string } | null = null) => ({ token: 't', date, timeSlot, from });
const NONE = { date: '', timeSlot: '' };

describe('adding the removal', () => {
  it('free (the luxe finish includes it): booked at once, the links following the visits, the history, both sides e-mailed', () => {
    const out = addRemovalCommand.decide(state(target({ choices: choices({ luxeFinish: true }) })), on('2026-12-28', '9-15', NONE), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({
      op: 'update',
      collection: 'bookings',
      id: 'b1',
      fields: { status: 'confirmed', removal_date: '2026-12-28', removal_time_slot: '9-15', removal_service: true, removal_hold: '', ics_sequence: 2 },
    });
    expect(out.changes.slice(1).map((c) => c.collection)).toEqual(['booking_links', 'booking_links', 'job_events']);
    // Nothing revoked: the earlier link expires 30 days after the new last visit, and the stable link's row is written.
    expect(out.changes[1]).toEqual({ op: 'update', collection: 'booking_links', id: 'l1', fields: { expires_at: '2027-01-28 05:00:00.000Z' } });
    expect(out.changes[2]).toEqual({ op: 'create', collection: 'booking_links', fields: { booking: 'b1', token_hash: 'hash', expires_at: '2027-01-28 05:00:00.000Z' } });
    expect(out.changes[3]).toMatchObject({ fields: { text: 'The customer added the removal on Monday, December 28, 2026, 9 AM - 3 PM (no charge).' } });
    expect(out.mails.map((m) => [m.to, m.paidCents])).toEqual([
      ['customer', 0],
      ['owner', 0],
    ]);
    expect(out.answer).toEqual({ kind: 'added', bookingId: 'b1' });
  });

  it('priced: a pending removal charge, then the booking holds the date and slot for it; no e-mail yet', () => {
    const out = addRemovalCommand.decide(state(target()), on('2026-12-28'), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'charges',
        id: 'c2',
        fields: {
          booking: 'b1',
          kind: 'removal',
          amount: 8500,
          balance_amount: 0,
          damages_amount: 0,
          damage_lines: [],
          description: 'Removal service',
          idempotency_key: 'customer-removal-b1-3',
          request_fingerprint: 'fp',
          status: 'pending' as const,
          attempted_at: '2026-11-20 15:00:00.000Z',
          requested_at: '2026-11-20 15:00:00.000Z',
          created_by: '',
        },
      },
      { op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'confirmed', removal_date: '2026-12-28', removal_time_slot: '9-15', removal_hold: 'c2' } },
    ]);
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ kind: 'held', bookingId: 'b1', chargeId: 'c2' });
  });

  it('a page already open for the held removal is the answer again, and nothing changes', () => {
    expect(addRemovalCommand.decide(state(target({ openUrl: 'https://pay.test/1', booking: booking({ removal_hold: 'c1' }) })), on('2026-12-28'), NOW)).toEqual({
      changes: [],
      mails: [],
      answer: { kind: 'open', url: 'https://pay.test/1' },
    });
  });

  const taken = {
    id: 'other',
    status: 'confirmed' as const,
    payment_status: 'deposit_paid' as const,
    hold_expires_at: '',
    install_date: '2026-12-20',
    install_time_slot: '9-15',
    removal_date: '2026-12-28',
    removal_time_slot: '9-15',
  };

  it.each([
    ['a dead link', state(null), on('2026-12-28'), 404, M.invalidLink],
    ['a removal the package includes (not the customer’s choice)', state(target({ choices: choices({ packageSlug: 'elevated-arbor' }) })), on('2026-12-28'), 409, M.removalClosed],
    ['a package no longer sold', state(target({ choices: null })), on('2026-12-28'), 409, M.removalClosed],
    ['a date before the installation', state(target()), on('2026-12-03'), 400, 'Removals are scheduled between December 26 and January 31, 2027.'],
    ['a slot not offered', state(target()), on('2026-12-28', '8-14'), 400, ADD_REMOVAL_MESSAGES.slot],
    ['a removal already booked', state(target({ booking: booking({ removal_date: '2026-12-27', removal_time_slot: '9-15' }) })), on('2026-12-28'), 409, M.removalClosed],
    ['a cancelled booking', state(target({ booking: booking({ status: 'cancelled' }) })), on('2026-12-28'), 409, M.removalClosed],
    ['another payment open', state(target({ openCharges: 1 })), on('2026-12-28'), 409, M.removalPaymentOpen],
    [
      'a held removal whose page is closed',
      state(target({ booking: booking({ removal_hold: 'c1', removal_date: '2026-12-27', removal_time_slot: '9-15' }) })),
      on('2026-12-28'),
      409,
      M.removalPaymentOpen,
    ],
    ['a slot taken', state(target({ world: { ...target().world, others: [taken] } })), on('2026-12-28'), 409, M.slotTaken],
    [
      'a request from a page that showed no removal, once one is booked (sent again)',
      state(target({ booking: booking({ removal_date: '2026-12-28', removal_time_slot: '9-15' }) })),
      on('2026-12-28', '9-15', NONE),
      409,
      M.staleRequest,
    ],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(addRemovalCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it('refuses a date past its own deadline (7 days after the window)', () => {
    const late = Date.parse('2026-12-23T15:00:00Z');
    const s = state(target({ booking: booking({ depositPaidAtMs: late - 30 * 86_400_000 }), world: { ...target().world, dateContext: { ...target().world.dateContext, today: '2026-12-23' } } }));
    expect(addRemovalCommand.decide(s, on('2026-12-28'), late)).toEqual({ status: 409, message: M.removalTooSoon });
  });
});

describe('the shared pieces of a removal booked', () => {
  it('a paid removal adds its price and line; a free one does not', () => {
    expect(removalBookedFields(1, 8500, 100000, [{ code: 'x' }])).toEqual({
      removal_service: true,
      removal_hold: '',
      ics_sequence: 2,
      total_price: 108500,
      price_lines: [{ code: 'x' }, { code: 'removal-added', label: 'Removal service (added after booking)', amountCents: 8500 }],
    });
    expect(removalBookedFields(1, 0, 100000, [])).toEqual({ removal_service: true, removal_hold: '', ics_sequence: 2 });
    expect(removalAddedHistory('2026-12-28', '9-15', 8500)).toBe('The customer added the removal on Monday, December 28, 2026, 9 AM - 3 PM (paid $85).');
    expect(removalChargeFingerprint('b1', '2026-12-28', '9-15')).toBe('["removal","b1","2026-12-28","9-15"]');
  });
});
