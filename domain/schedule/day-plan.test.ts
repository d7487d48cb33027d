import { describe, expect, it } from 'vitest';
import { scheduledBooking } from '../../tests/support/domain-builders';
import type { BookingSchedule } from './overlap';
import { bringList, dayPlanCovered, dayToShow, directionsHref, mapsHref, telHref, upcomingDays, visitWindow } from './day-plan';

const NOW = Date.parse('2026-12-01T14:00:00Z');
const booking = (id: string, install_date: string, install_time_slot = '9-15', over: Partial<BookingSchedule> = {}) =>
  scheduledBooking({ id, install_date, install_time_slot, hold_expires_at: '', ...over });

describe("the owner's day", () => {
  it('opens on today when it holds work, else the next day that does', () => {
    const bookings = [booking('a', '2026-12-04'), booking('b', '2026-12-01')];
    expect(dayToShow('2026-12-01', bookings, [], NOW)).toBe('2026-12-01');
    expect(dayToShow('2026-12-02', bookings, [], NOW)).toBe('2026-12-04');
    expect(dayToShow('2026-12-05', bookings, [], NOW)).toBe('2026-12-05');
    // A cancelled booking is not work.
    expect(dayToShow('2026-12-02', [booking('c', '2026-12-03', '9-15', { status: 'cancelled' }), ...bookings], [], NOW)).toBe('2026-12-04');
  });

  it('lists the next seven days that hold work, visits in slot order', () => {
    const bookings = [booking('late', '2026-12-04', '12-18'), booking('early', '2026-12-04', '9-15'), booking('far', '2026-12-09'), booking('today', '2026-12-01')];
    const days = upcomingDays('2026-12-01', bookings, [{ id: 'c1', status: 'pending', consultation_date: '2026-12-02', consultation_time_slot: '10:00' }], NOW);
    expect(days.map((d) => [d.date, d.items.map((i) => i.recordId)])).toEqual([
      ['2026-12-02', ['c1']],
      ['2026-12-04', ['early', 'late']],
    ]);
  });

  it('says what to bring, the window, and links to call, find and drive', () => {
    const b = {
      package_type: 'adorned-arrangement',
      tree_size: '7.5-9ft',
      luxe_finish: true,
      keep_ornaments: true,
      selected_addons: [
        { id: 'stockings', quantity: 3, price: 4500 },
        { id: 'gift-wrap', price: 12500 },
      ],
      install_time_slot: '9-15',
      removal_time_slot: '',
    };
    expect(bringList(b)).toEqual(['Adorned Arrangement, 7.5–9 ft', 'Stockings × 3', 'Gift-Wrap Suite', 'Luxe Finish', 'Customer keeps the tree and ornaments']);
    expect(visitWindow(b, 'install')).toBe('9 AM - 3 PM, arriving between 9 AM and 10 AM');
    expect(telHref('(410) 555-0142')).toBe('tel:4105550142');
    expect(mapsHref('12 Holly Ct, Ellicott City, MD 21043')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Holly%20Ct%2C%20Ellicott%20City%2C%20MD%2021043');
    const route = new URL(directionsHref(['1 A St, Columbia, MD', '2 B St, Laurel, MD', '3 C St, Elkridge, MD'])!);
    expect(route.searchParams.get('destination')).toBe('3 C St, Elkridge, MD');
    expect(route.searchParams.get('waypoints')).toBe('1 A St, Columbia, MD|2 B St, Laurel, MD');
    expect(directionsHref([])).toBeNull();
  });
});

describe('a day plan from a window of dates', () => {
  const window = { from: '2026-11-18', to: '2026-12-09' };
  it('is covered when today is in the window and the day shown and the week after it are too', () => {
    expect(dayPlanCovered(window, '2026-11-20', '2026-11-20', true)).toBe(true);
    expect(dayPlanCovered(window, '2026-11-20', '2026-12-02', true)).toBe(true);
    expect(dayPlanCovered(window, '2026-11-18', '2026-11-18', true)).toBe(true);
  });
  it('is not when the week after the day runs past the window, or today is before it', () => {
    expect(dayPlanCovered(window, '2026-11-20', '2026-12-03', true)).toBe(false);
    expect(dayPlanCovered(window, '2026-12-08', '2026-12-08', true)).toBe(false);
    expect(dayPlanCovered(window, '2026-11-17', '2026-11-20', true)).toBe(false);
    expect(dayPlanCovered(window, '2026-11-20', '2026-11-19', true)).toBe(false);
  });
  it('is not when the day shown has no work: that claims the whole lookahead is empty', () => {
    expect(dayPlanCovered(window, '2026-11-20', '2026-11-20', false)).toBe(false);
  });
});
