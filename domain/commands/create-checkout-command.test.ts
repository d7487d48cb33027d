import { describe, expect, it } from 'vitest';
import { OWNERSHIP_MESSAGES } from '../booking/ownership';
import type { BookingSchedule } from '../schedule/overlap';
import { parseBookingRequest } from '../booking/schemas';
import { findSlot } from '../schedule/slots';
import type { PaymentBookingRow } from './booking-money';
import { isRefusal } from './command';
import { createCheckoutCommand, type CreateCheckoutInput, type CreateCheckoutState } from './create-checkout-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const HOLD = '2026-11-20 15:30:00.000Z';
const body = {
  customerName: 'Jane Doe',
  customerEmail: 'jane@example.com',
  customerPhone: '(410) 555-0100',
  customerAddress: '123 Main St, Ellicott City, MD 21043',
  packageType: 'elevated-arbor',
  treeSize: '7.5-9ft',
  installDate: '2026-11-24',
  installTimeSlot: '9-15',
  removalDate: '2026-12-28',
  removalTimeSlot: '9-15',
  selectedAddons: [],
};
const parsed = parseBookingRequest(body);
if (!parsed.ok) throw new Error(parsed.message);
const request = parsed.value;
const install = findSlot('7.5-9ft', '2026-11-24', 'install', '9-15')!;
const removal = findSlot('7.5-9ft', '2026-12-28', 'removal', '9-15')!;
const input = (wizardId = ''): CreateCheckoutInput => ({
  request,
  wizardId,
  prepared: {
    key: 'key-12345678',
    fingerprint: 'fp1',
    visits: { install, removal },
    crews: 1,
    fields: { status: 'pending_payment', payment_status: 'pending', total_price: 165_000, deposit_amount: 82_500, hold_expires_at: HOLD },
  },
});
const hold = (id: string, over: Partial<PaymentBookingRow> = {}) => ({
  id,
  status: 'pending_payment',
  payment_status: 'pending',
  cancel_reason: '',
  total_price: 165_000,
  deposit_amount: 82_500,
  deposit_method: '',
  deposit_paid_at: '',
  dispute_id: '',
  deposit_refund: '',
  install_done_at: '',
  removal_done_at: '',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
  removal_hold: '',
  payment_mode: 'stripe',
  checkout_session_id: `cs_${id}`,
  ...over,
});
const schedule = (id: string, date = '2026-11-24', status = 'confirmed'): BookingSchedule => ({
  id,
  status,
  payment_status: 'deposit_paid',
  hold_expires_at: '',
  install_date: date,
  install_time_slot: '9-15',
  removal_date: '',
  removal_time_slot: '',
});
const state = (over: Partial<CreateCheckoutState> = {}): CreateCheckoutState => ({ sameKey: null, capReached: false, wizardHolds: [], schedules: [], newId: 'new1', ...over });

describe('the create-checkout command', () => {
  it('creates the booking waiting for its deposit, its payment status from the ledger', () => {
    expect(createCheckoutCommand.decide(state(), input(), NOW)).toEqual({
      changes: [{ op: 'create', collection: 'bookings', id: 'new1', fields: { ...input().prepared!.fields, payment_status: 'pending' } }],
      mails: [],
      answer: { bookingId: 'new1', replay: false, replacedSessions: [] },
    });
  });

  it.each([
    ['the same key and request: its booking again', state({ sameKey: { id: 'b0', fingerprint: 'fp1' } }), null],
    ['the same key, another request: 422', state({ sameKey: { id: 'b0', fingerprint: 'other' } }), { status: 422, message: OWNERSHIP_MESSAGES.idempotencyKeyReused }],
    ['too many unpaid holds: 429', state({ capReached: true }), { status: 429, message: OWNERSHIP_MESSAGES.tooManyHolds }],
    ['the installation taken: 409', state({ schedules: [schedule('b9')] }), { status: 409, message: 'That installation time slot was just booked by someone else. Please choose another slot.' }],
    [
      'the removal taken: 409',
      state({ schedules: [{ ...schedule('b9', '2026-12-20'), removal_date: '2026-12-28', removal_time_slot: '9-15' }] }),
      { status: 409, message: 'That removal time slot was just booked by someone else. Please choose another slot.' },
    ],
  ])('%s', (_name, s, refusal) => {
    const out = createCheckoutCommand.decide(s, input(), NOW);
    if (refusal) expect(out).toEqual(refusal);
    else expect(out).toEqual({ changes: [], mails: [], answer: { bookingId: 'b0', replay: true, replacedSessions: [] } });
  });

  it('replaces the wizard’s earlier hold (hold_ended, replaced) and may then take its slot', () => {
    const s = state({ wizardHolds: [hold('h1')], schedules: [{ ...schedule('h1', '2026-11-24', 'pending_payment'), payment_status: 'pending', hold_expires_at: HOLD }] });
    const out = createCheckoutCommand.decide(s, input('wizard-1234'), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'bookings', id: 'h1', fields: { status: 'cancelled', cancel_reason: 'replaced', payment_status: 'pending' } });
    expect(out.changes[1]).toMatchObject({ op: 'create', id: 'new1' });
    expect(out.answer).toEqual({ bookingId: 'new1', replay: false, replacedSessions: ['cs_h1'] });
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
