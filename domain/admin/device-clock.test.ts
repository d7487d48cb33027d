import { describe, expect, it } from 'vitest';
import { checkDeviceTime, MAX_DEVICE_CLOCK_AHEAD_MS } from './device-clock';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const CREATED = Date.parse('2026-11-02T09:30:00Z');
const MIN = 60 * 1000;

describe('checkDeviceTime', () => {
  it.each<[string, number, number, number, boolean]>([
    // name, device time, booking created, kept time, corrected
    ['a time a minute ago', NOW - MIN, CREATED, NOW - MIN, false],
    ['the server time itself', NOW, CREATED, NOW, false],
    ['9 minutes ahead (drift)', NOW + 9 * MIN, CREATED, NOW + 9 * MIN, false],
    ['exactly 10 minutes ahead', NOW + MAX_DEVICE_CLOCK_AHEAD_MS, CREATED, NOW + MAX_DEVICE_CLOCK_AHEAD_MS, false],
    ['10 minutes and 1 ms ahead', NOW + MAX_DEVICE_CLOCK_AHEAD_MS + 1, CREATED, NOW, true],
    ['the year 2999', Date.parse('2999-01-01T00:00:00Z'), CREATED, NOW, true],
    ['exactly when the booking was created', CREATED, CREATED, CREATED, false],
    ['1 ms before the booking was created', CREATED - 1, CREATED, NOW, true],
    ['1970 (a phone that lost its clock)', 0, CREATED, NOW, true],
    ['not a number', NaN, CREATED, NOW, true],
    ['any past time when the creation is unknown', Date.parse('2020-01-01T00:00:00Z'), NaN, Date.parse('2020-01-01T00:00:00Z'), false],
    ['the future bound when the creation is unknown', NOW + MAX_DEVICE_CLOCK_AHEAD_MS + 1, NaN, NOW, true],
    // The server's clock behind the creation stamp (frozen, or stepped back): its own time still counts.
    ['now, with the server clock behind the creation stamp', NOW, NOW + 5 * MIN, NOW, false],
    ['before now, with the server clock behind the creation stamp', NOW - 1, NOW + 5 * MIN, NOW, true],
  ])('%s', (_name, device, created, atMs, corrected) => {
    expect(checkDeviceTime(device, NOW, created)).toEqual({ atMs, corrected });
  });
});
