/**
 * GET /api/fn/consultation-full-days (docs/product.md §2 Date picker, Consultation request;
 * domain/schedule/consultation-choices.ts consultationDayAnswer): the Wednesdays of the
 * consultation window with every slot taken, in one anonymous read that names dates only.
 * Today is frozen at Friday 2026-11-20 (New York); the window runs November 12 to December 17.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSULTATION_SLOTS } from '../../domain/schedule/slots';
import { createConsultationRecord } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

const FULL_WEDNESDAY = '2026-11-25';
const ONE_FREE_WEDNESDAY = '2026-12-02';

interface FullDays {
  from: string;
  to: string;
  full: string[];
}

/** Requests holding `slots` of `date`, each from another customer. */
async function takeSlots(date: string, slots: readonly string[], over: Record<string, unknown> = {}): Promise<void> {
  for (const [i, slot] of slots.entries()) {
    await createConsultationRecord({ consultation_date: date, consultation_time_slot: slot, customer_email: `c${i}.${date}@example.com`, ...over });
  }
}

const ALL = CONSULTATION_SLOTS.map((s) => s.id);

beforeEach(() => clearCollections('consultation_requests', 'blocked_dates'));

describe('GET /api/fn/consultation-full-days', () => {
  it('lists a Wednesday whose every slot is taken, not one with a slot still free, and names no one', async () => {
    await takeSlots(FULL_WEDNESDAY, ALL);
    await takeSlots(ONE_FREE_WEDNESDAY, ALL.slice(1)); // 08:00 stays free

    const res = await callFn<FullDays>('GET', '/api/fn/consultation-full-days');
    expect(res.status).toBe(200);
    // From tomorrow to the window's end, dates only: nothing of the requests behind them.
    expect(res.body).toEqual({ from: '2026-11-21', to: '2026-12-17', full: [FULL_WEDNESDAY] });
    const text = JSON.stringify(res.body);
    for (const personal of ['Holly', 'example.com', 'Evergreen', '555']) expect(text).not.toContain(personal);

    // The same days as the slots route shows with every time taken.
    const full = await callFn<{ bookable: boolean; slots: { available: boolean }[] }>('GET', `/api/fn/consultation-slots?date=${FULL_WEDNESDAY}`);
    expect(full.body.bookable).toBe(true);
    expect(full.body.slots.every((s) => !s.available)).toBe(true);
    const open = await callFn<{ slots: { id: string; available: boolean }[] }>('GET', `/api/fn/consultation-slots?date=${ONE_FREE_WEDNESDAY}`);
    expect(open.body.slots.filter((s) => s.available).map((s) => s.id)).toEqual(['08:00']);
  });

  it('does not count cancelled requests, and a Wednesday the rules refuse is not full', async () => {
    await takeSlots(ONE_FREE_WEDNESDAY, ALL.slice(1));
    await createConsultationRecord({ consultation_date: ONE_FREE_WEDNESDAY, consultation_time_slot: ALL[0], status: 'cancelled' });
    // December 9 taken in full but blocked: nobody can book it, so it is not called full.
    await takeSlots('2026-12-09', ALL);
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-09', reason: 'Closed' });

    const res = await callFn<FullDays>('GET', '/api/fn/consultation-full-days');
    expect(res.status).toBe(200);
    expect(res.body.full).toEqual([]);
  });
});
