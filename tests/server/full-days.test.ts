/**
 * GET /api/fn/full-days (docs/product.md §2 Date picker; domain/schedule/full-days.ts): the days of
 * a season window that are full for a tree size, in one read, exactly the days whose
 * GET /api/fn/availability answer is bookable with every slot taken; kept between calls and
 * dropped at once when a booking changes. Today is frozen at Friday 2026-11-20 (New York).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PAID_DEPOSIT } from '../../scripts/lib/example-booking.mjs';
import { availability, createBookingRecord } from './fixtures';
import { callFn, clearCollections, superuser } from './support';
import { isFullDay } from '../../domain/schedule/full-days';

const SATURDAY = '2026-12-12';
const TUESDAY = '2026-12-08';

interface FullDays {
  size: string;
  kind: string;
  from: string;
  to: string;
  full: string[];
}

function fullDays(query: Record<string, string>) {
  return callFn<FullDays & { message?: string }>('GET', `/api/fn/full-days?${new URLSearchParams(query)}`);
}

/** A paid 7.5–9 ft booking installed on `date` at `slot`, removed on January 5 at 9-15. */
function paidInstall(date: string, slot: string, email: string) {
  return createBookingRecord({ ...PAID_DEPOSIT, customer_email: email, install_date: date, install_time_slot: slot, removal_date: '2027-01-05', removal_time_slot: '9-15' });
}

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('GET /api/fn/full-days', () => {
  it('lists the install days every slot of which is taken for the size, and no day that still has a time', async () => {
    await paidInstall(SATURDAY, '9-15', 'a@example.com');
    await paidInstall(SATURDAY, '15-21', 'b@example.com');
    await paidInstall(TUESDAY, '9-15', 'c@example.com'); // 15-21 stays free on the Tuesday

    const res = await fullDays({ size: '7.5-9ft', kind: 'install' });
    expect(res.status).toBe(200);
    // The window from tomorrow (today is November 20) to the install season's end.
    expect(res.body).toEqual({ size: '7.5-9ft', kind: 'install', from: '2026-11-21', to: '2026-12-23', full: [SATURDAY] });
    // The same answer as the availability of each day.
    expect(isFullDay((await availability(SATURDAY, '7.5-9ft')).body)).toBe(true);
    expect(isFullDay((await availability(TUESDAY, '7.5-9ft')).body)).toBe(false);
  });

  it('counts the removal visits on removal days, in the removal window', async () => {
    await paidInstall('2026-11-24', '9-15', 'd@example.com'); // removed January 5 at 9-15
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'e@example.com', install_date: '2026-11-27', removal_date: '2027-01-05', removal_time_slot: '15-21' });

    const res = await fullDays({ size: '7.5-9ft', kind: 'removal', installDate: '2026-11-29' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'removal', from: '2026-12-26', to: '2027-01-31', full: ['2027-01-05'] });
    const install = await fullDays({ size: '7.5-9ft', kind: 'install' });
    expect(install.body.full).toEqual([]);
  });

  it('drops its kept answer at once when a booking of the window is cancelled', async () => {
    const first = await paidInstall(SATURDAY, '9-15', 'f@example.com');
    await paidInstall(SATURDAY, '15-21', 'g@example.com');
    expect((await fullDays({ size: '7.5-9ft', kind: 'install' })).body.full).toEqual([SATURDAY]);
    await superuser().collection('bookings').update(first.id, { status: 'cancelled' });
    expect((await fullDays({ size: '7.5-9ft', kind: 'install' })).body.full).toEqual([]);
  });

  it('refuses malformed parameters with a sentence', async () => {
    const size = await fullDays({ size: 'huge', kind: 'install' });
    expect(size.status).toBe(400);
    expect(size.body.message).toBe('Please choose a tree size: 5-7ft, 7.5-9ft or 10-12ft.');
    const kind = await fullDays({ size: '5-7ft', kind: 'weekly' });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toBe('The visit kind must be install or removal.');
    const date = await fullDays({ size: '5-7ft', kind: 'removal', installDate: 'soon' });
    expect(date.status).toBe(400);
    expect(date.body.message).toBe('Please give the installation date as YYYY-MM-DD.');
  });
});
