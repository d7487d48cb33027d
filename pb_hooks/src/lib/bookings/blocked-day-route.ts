/**
 * POST /api/fn/admin-bookings/blocked-day (domain/commands/blocked-day-command.ts): the owner's
 * choice for a visit on a day she blocked: keep it (its reminder goes out as usual) or e-mail
 * its customer her message (no reminder until she keeps it or moves it). Admin only (401, 403).
 * On the command runner (lib/commands/run-command.ts), header Idempotency-Key required.
 *
 * Body { bookingId, date: 'YYYY-MM-DD', choice: 'keep' | 'email', message? (to e-mail) } →
 * 200 { booking, choice: 'keep' | 'emailed' }. 400 malformed; 404 no such booking; 409 the
 * booking is cancelled, has no visit that day any more, or the day is no longer blocked; 422 a
 * key reused for another request.
 */
import { blockedDayChoicesOf, blockedDayCommand, type BlockedDayAnswer, type BlockedDayInput, type BlockedDayMail, type BlockedDayState } from '@domain/commands/blocked-day-command';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { blockedDayMail } from '../mail/blocked-day';
import { loadBlockedDates } from '../settings';
import { findBooking } from '../booking-store/bookings-repo';
import { bookingField, bookingFieldsOf } from '../booking-row';

export const blockedDayChoice: ServerCommand<BlockedDayInput, BlockedDayState, BlockedDayMail, BlockedDayAnswer> = {
  command: blockedDayCommand,
  path: '/api/fn/admin-bookings/blocked-day',
  load(tx, input) {
    const blocked = loadBlockedDates(tx).has(input.date);
    const b = findBooking(tx, input.bookingId);
    if (!b) return { booking: null, blocked };
    return {
      booking: {
        ...bookingFieldsOf(b, ['id', 'status', 'install_date', 'removal_date']),
        choices: blockedDayChoicesOf(bookingField(b, 'blocked_day_choices')),
      },
      blocked,
    };
  },
  composeMail: (tx, m) => blockedDayMail(tx.findRecordById('bookings', m.bookingId), m),
  respond: (app, a) => ({ booking: app.findRecordById('bookings', a.bookingId), choice: a.choice }),
};

export function blockedDayChoiceRoute(e: core.RequestEvent): void {
  runCommand(e, blockedDayChoice);
}
