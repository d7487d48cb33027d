/**
 * POST /api/fn/check-slot-overlap (docs/product.md §7 check_slot_overlap): true when the hour range
 * overlaps an active booking's visit on that date (back-to-back ranges do not overlap).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkout } from './fixtures';
import { callFn, clearCollections } from './support';

const ROUTE = '/api/fn/check-slot-overlap';

beforeAll(async () => {
  await clearCollections('bookings', 'blocked_dates');
  // Install Tue 2026-11-24 9-15, removal Mon 2026-12-28 9-15.
  expect((await checkout()).status).toBe(200);
});

describe('check-slot-overlap answers', () => {
  const scenarios: { check_date: string; start_hour: number | string; end_hour: number | string; is_install: boolean; overlap: boolean }[] = [
    { check_date: '2026-11-24', start_hour: 9, end_hour: 15, is_install: true, overlap: true },
    { check_date: '2026-11-24', start_hour: 9, end_hour: 12, is_install: true, overlap: true },
    { check_date: '2026-11-24', start_hour: 12, end_hour: 18, is_install: true, overlap: true },
    { check_date: '2026-11-24', start_hour: 14, end_hour: 15, is_install: true, overlap: true },
    { check_date: '2026-11-24', start_hour: 15, end_hour: 21, is_install: true, overlap: false },
    { check_date: '2026-11-24', start_hour: 6, end_hour: 9, is_install: true, overlap: false },
    { check_date: '2026-11-27', start_hour: 9, end_hour: 15, is_install: true, overlap: false },
    { check_date: '2026-12-28', start_hour: 12, end_hour: 18, is_install: false, overlap: true },
    { check_date: '2026-12-28', start_hour: 15, end_hour: 18, is_install: false, overlap: false },
    { check_date: '2026-12-29', start_hour: 9, end_hour: 15, is_install: false, overlap: false },
    { check_date: '2026-11-24', start_hour: '9', end_hour: '12', is_install: true, overlap: true },
  ];

  it.each(scenarios)('$check_date $start_hour-$end_hour → $overlap', async ({ overlap, ...body }) => {
    const res = await callFn('POST', ROUTE, body);
    expect(res.status).toBe(200);
    expect(res.body).toBe(overlap);
  });
});

describe('check-slot-overlap refuses malformed input with 400', () => {
  const scenarios: { name: string; body: unknown }[] = [
    { name: 'malformed JSON', body: '{bad' },
    { name: 'empty body', body: '' },
    { name: 'empty object', body: {} },
    { name: 'no date', body: { start_hour: 9, end_hour: 15, is_install: true } },
    { name: 'date not YYYY-MM-DD', body: { check_date: 'Nov 24', start_hour: 9, end_hour: 15, is_install: true } },
    { name: 'hours not numbers', body: { check_date: '2026-11-24', start_hour: 'nine', end_hour: 15, is_install: true } },
    { name: 'fractional hour', body: { check_date: '2026-11-24', start_hour: 9.5, end_hour: 15, is_install: true } },
    { name: 'start after end', body: { check_date: '2026-11-24', start_hour: 15, end_hour: 9, is_install: true } },
    { name: 'start equals end', body: { check_date: '2026-11-24', start_hour: 9, end_hour: 9, is_install: true } },
    { name: 'end past midnight', body: { check_date: '2026-11-24', start_hour: 20, end_hour: 25, is_install: true } },
    { name: 'negative start', body: { check_date: '2026-11-24', start_hour: -1, end_hour: 9, is_install: true } },
    { name: 'no start hour', body: { check_date: '2026-11-24', end_hour: 9, is_install: true } },
    // Values JavaScript's Number() coerces to 0 or 1 are still not hours.
    { name: 'start hour null', body: { check_date: '2026-11-24', start_hour: null, end_hour: 9, is_install: true } },
    { name: 'start hour empty string', body: { check_date: '2026-11-24', start_hour: '', end_hour: 9, is_install: true } },
    { name: 'start hour true', body: { check_date: '2026-11-24', start_hour: true, end_hour: 9, is_install: true } },
    { name: 'start hour an empty list', body: { check_date: '2026-11-24', start_hour: [], end_hour: 9, is_install: true } },
  ];

  it.each(scenarios)('$name', async ({ body }) => {
    const res = await callFn('POST', ROUTE, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(10);
  });
});
