import { describe, expect, it } from 'vitest';
import { exampleRequest } from '../../scripts/lib/example-booking.mjs';
import { derivedAfter } from '../../tests/support/derived-money';
import { PHONE_BOOKING_MESSAGES } from '../booking/phone-booking';
import { parseBookingRequest } from '../booking/schemas';
import { isRefusal } from './command';
import { phoneBookingCommand, type PhoneBookingInput, type PhoneBookingState } from './phone-booking-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const bookingData = exampleRequest({ installDate: '2026-12-04' });
const parsed = parseBookingRequest(bookingData);
if (!parsed.ok) throw new Error(parsed.message);
const request = parsed.value;

const FIELDS = {
  customer_name: 'Jane Doe',
  total_price: 165000,
  deposit_amount: 82500,
  status: 'pending_payment',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
  idempotency_key: 'k1',
  booked_by: 's1',
};
const state = (over: Partial<PhoneBookingState> = {}): PhoneBookingState => ({ key: 'k1', fingerprint: 'f1', conflict: null, freshId: 'fresh0000000001', fields: FIELDS, ...over });
const cash: PhoneBookingInput = { request, deposit: { kind: 'recorded', method: 'cash', checkNumber: '', note: '' } };
const link: PhoneBookingInput = { request, deposit: { kind: 'link' } };

describe('the phone-booking command', () => {
  it('a deposit taken now: confirmed by the lifecycle, deposit_paid by the ledger, the balance due, three e-mails', () => {
    const out = phoneBookingCommand.decide(state(), cash, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ bookingId: 'fresh0000000001' });
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'bookings',
        id: 'fresh0000000001',
        fields: { ...FIELDS, deposit_method: 'cash', deposit_check_number: '', deposit_note: '', status: 'confirmed', cancel_reason: '', deposit_paid_at: '2026-11-20 17:00:00.000Z' },
      },
    ]);
    // Its balance and payment_status are the runner's, from the row written (docs/decisions/061).
    expect(derivedAfter({}, [], out.changes)).toEqual({ balance_remaining: 82500, payment_status: 'deposit_paid' });
    expect(out.mails.map((m) => m.which)).toEqual(['confirmation', 'owner_notice', 'deposit_receipt']);
  });

  it('a link: the booking as priced, pending payment, no e-mail yet (the link is made after the commit)', () => {
    expect(phoneBookingCommand.decide(state(), link, NOW)).toEqual({
      changes: [{ op: 'create', collection: 'bookings', id: 'fresh0000000001', fields: FIELDS }],
      mails: [],
      answer: { bookingId: 'fresh0000000001' },
    });
    expect(derivedAfter(FIELDS, [], [])).toEqual({ balance_remaining: 165000, payment_status: 'pending' });
  });

  it.each([['a slot taken meanwhile', state({ conflict: { status: 409, message: 'taken' } }), { status: 409, message: 'taken' }]])('%s', (_name, s, outcome) => {
    expect(phoneBookingCommand.decide(s, cash, NOW)).toEqual(outcome);
  });

  it('parses the wizard request, then the deposit choice', () => {
    expect(phoneBookingCommand.parse({ bookingData, deposit: 'link' }, [])).toEqual({ ok: true, value: link });
    expect(phoneBookingCommand.parse({ bookingData, deposit: 'card' }, [])).toEqual({ ok: false, message: PHONE_BOOKING_MESSAGES.deposit });
    expect(phoneBookingCommand.parse({ bookingData: {}, deposit: 'link' }, [])).toMatchObject({ ok: false });
    // Keyed through the runner's store (a replay and a reused key are answered there).
    expect(phoneBookingCommand.idempotency).toMatchObject({ by: 'key', header: 'required' });
  });
});
