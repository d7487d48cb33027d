import { describe, expect, it } from 'vitest';
import { scheduledBooking } from '../../tests/support/domain-builders';
import { exampleRequest } from '../../scripts/lib/example-booking.mjs';
import { derivedAfter } from '../../tests/support/derived-money';
import { OWNERSHIP_MESSAGES } from '../booking/ownership';
import type { BookingSchedule } from '../schedule/overlap';
import { parseBookingRequest } from '../booking/schemas';
import { findSlot } from '../schedule/slots';
import type { PaymentBookingRow } from './booking-money';
import { isRefusal } from './command';
import { createCheckoutCommand, type CreateCheckoutInput, type CreateCheckoutState, type PreparedCheckout } from './create-checkout-command';
import type { LatLon } from '../place/distance';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const HOLD = '2026-11-20 15:30:00.000Z';
const body = exampleRequest();
const parsed = parseBookingRequest(body);
if (!parsed.ok) throw new Error(parsed.message);
const request = parsed.value;
const install = findSlot('7.5-9ft', '2026-11-24', 'install', '9-15')!;
const removal = findSlot('7.5-9ft', '2026-12-28', 'removal', '9-15')!;
const input = (wizardId = '', rules: Partial<Omit<PreparedCheckout, 'fields'>> = {}): CreateCheckoutInput => ({
  request,
  wizardId,
  prepared: {
    key: 'key-12345678',
    fingerprint: 'fp1',
    visits: { install, removal },
    crews: 1,
    noticeHours: 48,
    travel: null,
    ...rules,
    fields: { status: 'pending_payment', payment_status: 'pending', total_price: 165_000, deposit_amount: 82_500, hold_expires_at: HOLD },
  },
});
const hold = (id: string, over: Partial<PaymentBookingRow> = {}) => ({
  id,
  status: 'pending_payment' as const,
  payment_status: 'pending' as const,
  cancel_reason: '' as const,
  total_price: 165_000,
  deposit_amount: 82_500,
  deposit_method: '',
  deposit_paid_at: '',
  dispute_id: '',
  deposit_refund: '' as const,
  install_done_at: '',
  removal_done_at: '',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
  removal_hold: '',
  payment_mode: 'stripe',
  checkout_session_id: `cs_${id}`,
  ...over,
});
const schedule = (id: string, date = '2026-11-24', status: BookingSchedule['status'] = 'confirmed'): BookingSchedule => scheduledBooking({ id, status, hold_expires_at: '', install_date: date });
const state = (over: Partial<CreateCheckoutState> = {}): CreateCheckoutState => ({ capReached: false, wizardHolds: [], schedules: [], newId: 'new1', ...over });

describe('the create-checkout command', () => {
  it('creates the booking waiting for its deposit, its payment status from the ledger', () => {
    expect(createCheckoutCommand.decide(state(), input(), NOW)).toEqual({
      changes: [{ op: 'create', collection: 'bookings', id: 'new1', fields: { ...input().prepared!.fields, payment_status: 'pending' } }],
      mails: [],
      answer: { bookingId: 'new1', replacedSessions: [] },
    });
  });

  it.each([
    ['too many unpaid holds: 429', state({ capReached: true }), { status: 429, message: OWNERSHIP_MESSAGES.tooManyHolds }],
    ['the installation taken: 409', state({ schedules: [schedule('b9')] }), { status: 409, message: 'That installation time slot was just booked by someone else. Please choose another slot.' }],
    [
      'the removal taken: 409',
      state({ schedules: [{ ...schedule('b9', '2026-12-20'), removal_date: '2026-12-28', removal_time_slot: '9-15' }] }),
      { status: 409, message: 'That removal time slot was just booked by someone else. Please choose another slot.' },
    ],
  ])('%s', (_name, s, refusal) => {
    expect(createCheckoutCommand.decide(s, input(), NOW)).toEqual(refusal);
  });

  it('replaces the wizard’s earlier hold (hold_ended, replaced) and may then take its slot', () => {
    const s = state({ wizardHolds: [hold('h1')], schedules: [{ ...schedule('h1', '2026-11-24', 'pending_payment'), payment_status: 'pending', hold_expires_at: HOLD }] });
    const out = createCheckoutCommand.decide(s, input('wizard-1234'), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'bookings', id: 'h1', fields: { status: 'cancelled', cancel_reason: 'replaced' } });
    // Its payment_status is derived where it is written (docs/decisions/061).
    expect(derivedAfter(hold('h1'), [], [out.changes[0]!]).payment_status).toBe('pending');
    expect(out.changes[1]).toMatchObject({ op: 'create', id: 'new1' });
    expect(out.answer).toEqual({ bookingId: 'new1', replacedSessions: ['cs_h1'] });
  });

  it('writes nothing when the slot is taken by someone else, so the customer keeps the earlier hold', () => {
    expect(createCheckoutCommand.decide(state({ wizardHolds: [hold('h1')], schedules: [schedule('b9')] }), input('wizard-1234'), NOW)).toMatchObject({ status: 409 });
  });

  it('parses the wizard id and the booking request', () => {
    expect(createCheckoutCommand.parse({ bookingData: body, wizardId: 'x' }, [])).toEqual({ ok: false, message: OWNERSHIP_MESSAGES.wizardIdInvalid });
    expect(createCheckoutCommand.parse({ bookingData: body, wizardId: 'wizard-1234' }, [])).toMatchObject({ ok: true, value: { wizardId: 'wizard-1234', prepared: null } });
    expect(createCheckoutCommand.parse({ bookingData: { ...body, customerEmail: 'nope' } }, [])).toMatchObject({ ok: false });
  });

  it('refuses with 500 an input the server did not prepare (our mistake)', () => {
    expect(createCheckoutCommand.decide(state(), { ...input(), prepared: null }, NOW)).toMatchObject({ status: 500 });
  });
});

// Ellicott City (21043), next door (21042), and Annapolis (21401), about 35 miles away by road.
const CENTROIDS: Record<string, LatLon> = { '21043': [39.2673, -76.7983], '21042': [39.2676, -76.8617], '21401': [38.9784, -76.4922] };
const centroid = (zip: string) => CENTROIDS[zip];
const visitAt = (id: string, slot: string, address: string): BookingSchedule => ({ ...schedule(id), install_time_slot: slot, customer_address: address });

describe('the create-checkout command: notice and travel buffer (docs/product.md §5, §9)', () => {
  const travel = (zip: string | null, bufferMinutes = 30) => ({ travel: { zip, bufferMinutes, centroid } });
  it.each([
    ['48 hours ahead exactly is allowed', Date.parse('2026-11-22T14:00:00Z'), 48, false],
    ['a minute less is refused', Date.parse('2026-11-22T14:01:00Z'), 48, true],
    ['a longer notice for the package refuses more', Date.parse('2026-11-20T15:00:00Z'), 96, true],
    ['no notice at all', Date.parse('2026-11-24T13:59:00Z'), 0, false],
  ])('%s', (_, now, noticeHours, refused) => {
    const outcome = createCheckoutCommand.decide(state(), input('', { noticeHours }), now);
    if (refused) expect(outcome).toEqual({ status: 409, message: `That installation time is too soon: bookings need ${noticeHours} hours' notice. Please choose a later time.` });
    else expect(isRefusal(outcome)).toBe(false);
  });

  it.each([
    ['a visit ending as this one starts, across towns, is refused with the times that fit', '15-21', '1 Main St, Annapolis, MD 21401', '21043', 30, 'refused'],
    ['the same ZIP fits in the buffer', '15-21', '9 Oak Rd, Ellicott City, MD 21043', '21043', 30, 'ok'],
    ['the next town fits in the buffer', '15-21', '9 Oak Rd, Ellicott City, MD 21042', '21043', 30, 'ok'],
    ['a buffer as long as the drive allows it', '15-21', '1 Main St, Annapolis, MD 21401', '21043', 120, 'ok'],
    ['an unknown ZIP is never refused for its drive', '15-21', '1 Main St, Annapolis, MD 21401', null, 30, 'ok'],
  ])('%s', (_, slot, address, zip, buffer, expected) => {
    const request15 = { ...request, installTimeSlot: '9-15' };
    const st = state({ schedules: [visitAt('b1', slot, address)] });
    const outcome = createCheckoutCommand.decide(st, { ...input('', travel(zip, buffer)), request: request15 }, NOW);
    if (expected === 'ok') expect(isRefusal(outcome)).toBe(false);
    else expect(outcome).toEqual({ status: 409, message: 'That installation time leaves too little time to drive between our visits nearby. No other time that day fits; please choose another day.' });
  });

  it('names the times of that day that still fit', () => {
    const st = state({ schedules: [visitAt('b1', '18-21', '1 Main St, Annapolis, MD 21401')] });
    const outcome = createCheckoutCommand.decide(st, { ...input('', { ...travel('21043'), visits: { install: findSlot('7.5-9ft', '2026-11-24', 'install', '12-18')!, removal } }) }, NOW);
    expect(outcome).toEqual({ status: 409, message: 'That installation time leaves too little time to drive between our visits nearby. Times that fit that day: 9:00 AM – 3:00 PM.' });
  });
});
