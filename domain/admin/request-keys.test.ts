import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES } from '../money/balance-charge';
import { isRetryLater, REQUEST_KEY_MESSAGES } from './request-keys';

describe('isRetryLater', () => {
  it.each<[number, string, boolean]>([
    [408, '', true],
    [429, 'Too many requests.', true],
    [409, REQUEST_KEY_MESSAGES.stillProcessing, true],
    [409, CHARGE_MESSAGES.stillProcessing, true],
    [409, CHARGE_MESSAGES.nothingLeft, false],
    [400, REQUEST_KEY_MESSAGES.stillProcessing, false],
    [422, 'reused', false],
    [404, 'Booking not found.', false],
  ])('%s %s → %s', (status, message, retry) => expect(isRetryLater(status, message)).toBe(retry));
});
