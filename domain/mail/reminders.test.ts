import { describe, expect, it } from 'vitest';
import { dueReminders, reminderSendAtMs, reminderStillDue, type ReminderBooking } from './reminders';

const booking: ReminderBooking = {
  id: 'b1',
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  depositPaidAtMs: Date.UTC(2026, 10, 1, 15),
  install_date: '2026-12-05',
  install_time_slot: '9-15',
  removal_date: '2027-01-05',
  removal_time_slot: '12-18',
  install_done_at: '',
  removal_done_at: '',
  removalOptional: false,
  removal_hold: '',
};
const nineAm = reminderSendAtMs('2026-12-05'); // Friday, December 4, 9 AM EST

describe('visit reminders', () => {
  it('go out at 9 AM New York time the day before, on both sides of the DST change', () => {
    expect(new Date(nineAm).toISOString()).toBe('2026-12-04T14:00:00.000Z');
    expect(new Date(reminderSendAtMs('2026-10-31')).toISOString()).toBe('2026-10-30T13:00:00.000Z'); // EDT
  });

  it('are due from 9 AM the day before, for the visit of that day only', () => {
    expect(dueReminders([booking], nineAm - 1)).toEqual([]);
    expect(dueReminders([booking], nineAm)).toEqual([{ bookingId: 'b1', visit: 'install', date: '2026-12-05', timeSlot: '9-15', version: 'install-2026-12-05-9-15' }]);
    expect(dueReminders([booking], reminderSendAtMs('2027-01-05') + 3_600_000).map((r) => r.visit)).toEqual(['removal']);
  });

  it('skip cancelled, unpaid and done visits, and bookings made after that 9 AM', () => {
    for (const b of [
      { ...booking, status: 'cancelled' as const },
      { ...booking, status: 'pending_payment' as const, payment_status: 'pending' as const },
      { ...booking, install_done_at: '2026-12-04 10:00:00.000Z' },
      { ...booking, depositPaidAtMs: nineAm + 60_000 },
    ]) {
      expect(dueReminders([b], nineAm + 2 * 3_600_000)).toEqual([]);
    }
  });

  it('are checked again at send time: a moved or cancelled visit no longer matches', () => {
    expect(reminderStillDue(booking, 'install-2026-12-05-9-15')).toBe(true);
    expect(reminderStillDue({ ...booking, install_time_slot: '12-18' }, 'install-2026-12-05-9-15')).toBe(false);
    expect(reminderStillDue({ ...booking, status: 'cancelled' }, 'install-2026-12-05-9-15')).toBe(false);
    expect(reminderStillDue(booking, 'nonsense')).toBe(false);
  });
});
