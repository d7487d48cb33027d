import { describe, expect, it } from 'vitest';
import { parsePhoneDeposit, PHONE_BOOKING_MESSAGES } from './phone-booking';
import { RECORDED_PAYMENT_MESSAGES } from '../money/recorded-payments';

describe('parsePhoneDeposit: how a phone booking pays its deposit', () => {
  it.each<[string, unknown, unknown]>([
    ['a link', 'link', { ok: true, value: { kind: 'link' } }],
    ['cash', { method: 'cash' }, { ok: true, value: { kind: 'recorded', method: 'cash', checkNumber: '', note: '' } }],
    ['a check with its number', { method: 'check', checkNumber: ' 1042 ' }, { ok: true, value: { kind: 'recorded', method: 'check', checkNumber: '1042', note: '' } }],
    ['a check without number', { method: 'check' }, { ok: false, message: RECORDED_PAYMENT_MESSAGES.checkNumber }],
    ['a card', { method: 'card' }, { ok: false, message: RECORDED_PAYMENT_MESSAGES.method }],
    ['nothing', undefined, { ok: false, message: PHONE_BOOKING_MESSAGES.deposit }],
    ['another word', 'cash', { ok: false, message: PHONE_BOOKING_MESSAGES.deposit }],
  ])('%s', (_, input, expected) => {
    expect(parsePhoneDeposit(input)).toEqual(expected);
  });
});
