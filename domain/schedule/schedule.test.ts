import { describe, expect, it } from 'vitest';
import { compareScheduleItems, consultationStartHour, formatConsultationSlot, scheduledDates, scheduleItemsOn, type ConsultationSchedule } from './schedule';

const NOW = Date.parse('2026-11-20T17:00:00Z');

const booking = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  hold_expires_at: '',
  install_date: '2026-11-24',
  install_time_slot: '12-18',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
  ...over,
});

const consultation = (id: string, over: Partial<ConsultationSchedule> = {}): ConsultationSchedule => ({
  id,
  status: 'pending' as const,
  consultation_date: '2026-11-24',
  consultation_time_slot: '09:30',
  ...over,
});

describe('scheduleItemsOn (docs/product.md §2 Schedule: sorted by the starting hour)', () => {
  it('lists installs, removals and consultations of the date by starting hour', () => {
    const items = scheduleItemsOn(
      '2026-11-24',
      [booking('b1'), booking('b2', { install_date: '2026-11-10', removal_date: '2026-11-24', removal_time_slot: '9-12' })],
      [consultation('c1'), consultation('c2', { consultation_time_slot: '08:00' })],
      NOW,
    );
    expect(items.map((i) => [i.key, i.timeText])).toEqual([
      ['consultation:c2', '8:00 AM'],
      ['removal:b2', '9 AM - 12 PM'],
      ['consultation:c1', '9:30 AM'],
      ['install:b1', '12 PM - 6 PM'],
    ]);
  });

  it('shows a booking with both visits on the same date twice', () => {
    const items = scheduleItemsOn('2026-12-28', [booking('b1', { install_date: '2026-12-28', install_time_slot: '15-21' })], [], NOW);
    expect(items.map((i) => i.key)).toEqual(['removal:b1', 'install:b1']);
  });

  it.each([
    ['cancelled', { status: 'cancelled', payment_status: 'pending' }],
    ['a payment conflict', { status: 'payment_conflict', payment_status: 'refunded' }],
    ['an expired hold', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 16:59:59.000Z' }],
  ])('leaves out %s', (_name, over) => {
    expect(scheduleItemsOn('2026-11-24', [booking('b1', over)], [], NOW)).toEqual([]);
  });

  it('keeps an unexpired hold and a paid booking', () => {
    const held = booking('h', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 17:20:00.000Z' });
    const paid = booking('p', { status: 'pending', payment_status: 'paid' });
    expect(scheduleItemsOn('2026-11-24', [held, paid], [], NOW).map((i) => i.key)).toEqual(['install:h', 'install:p']);
  });

  it('leaves out cancelled consultations and other dates', () => {
    const items = scheduleItemsOn('2026-11-24', [], [consultation('c1', { status: 'cancelled' }), consultation('c2', { consultation_date: '2026-11-25' })], NOW);
    expect(items).toEqual([]);
  });

  it('puts unreadable slots last and breaks ties by kind then id', () => {
    const items = scheduleItemsOn(
      '2026-11-24',
      [booking('b2', { install_time_slot: 'x' }), booking('b9', { install_time_slot: '9-15' }), booking('b1', { install_time_slot: '9-15' })],
      [consultation('c1', { consultation_time_slot: '09:00' })],
      NOW,
    );
    expect(items.map((i) => i.key)).toEqual(['install:b1', 'install:b9', 'consultation:c1', 'install:b2']);
    expect(compareScheduleItems(items[0]!, items[0]!)).toBe(0);
  });
});

describe('scheduledDates (underlined on the calendar)', () => {
  it('collects install, removal and consultation dates of scheduled items only', () => {
    const dates = scheduledDates(
      [booking('b1'), booking('b2', { status: 'cancelled', install_date: '2026-11-27', removal_date: '' })],
      [consultation('c1', { consultation_date: '2026-12-02' }), consultation('c2', { consultation_date: '2026-12-09', status: 'cancelled' })],
      NOW,
    );
    expect([...dates].sort()).toEqual(['2026-11-24', '2026-12-02', '2026-12-28']);
  });
});

describe('consultation slots', () => {
  it.each([
    ['08:00', 8, '8:00 AM'],
    ['13:30', 13.5, '1:30 PM'],
    ['9-12', NaN, '9-12'],
  ])('%s starts at %d and reads %s', (slot, hour, text) => {
    expect(consultationStartHour(slot)).toBe(hour);
    expect(formatConsultationSlot(slot)).toBe(text);
  });
});
