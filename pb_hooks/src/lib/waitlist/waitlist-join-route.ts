/**
 * POST /api/fn/waitlist/join (the waitlist contract), anyone: { name, email, phone, date, kind,
 * size, package, choices?, bookingToken? } → 200 { entry: { id, date, kind, status, position } }.
 * Refused: 400 bad input; 404 a manage link that opens nothing; 409 the date already waited for,
 * more than 5 dates, a free time for the size ('book it instead'), a date the season refuses,
 * past or inside the notice. The confirmation e-mail (with 'Leave the waitlist') is queued with
 * the entry and left to the deliver-mail job, so the answer never waits for SMTP. Idempotency-Key
 * optional; a per-IP limit for guests (pb_migrations/1732000910_waitlist.js), the 5-date cap
 * per e-mail, and (without a manage link) at most 3 different addresses an hour per connection
 * across the anonymous forms (anonymous-recipients.ts; 429 OWNERSHIP_MESSAGES.tooManyAddresses). On the runner; the rule is domain/commands/waitlist-join-command.ts. The entry's
 * `client_ip` is the request's (PocketBase's RealIP): the runner's context carries no IP, so the
 * route binds it into the command's load before running it.
 */
import { waitlistJoinCommand, type WaitlistJoinAnswer, type WaitlistJoinedMail, type WaitlistJoinInput, type WaitlistJoinState } from '@domain/commands/waitlist-join-command';
import { customerKey } from '@domain/customers/customer-key';
import { installDateProblem, removalDateProblem } from '@domain/schedule/season';
import { visitNoticeHours } from '@domain/schedule/notice';
import { WAITLIST_MESSAGES as M } from '@domain/waitlist/waitlist';
import { LIVE_ENTRY_STATUSES } from '@domain/waitlist/waitlist-status';
import { filterIn } from '@domain/booking/lifecycle';
import { admitAnonymousRecipient } from '../anonymous-recipients';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { waitlistJoinedMail } from './waitlist-mail';
import { bookingForToken } from '../booking-store/manage-links';
import { loadBookingDateContext, loadCrews, loadDateContext, loadNotice } from '../settings';
import { newRecordId, positionOf, waitlistTokenHash } from './waitlist-repo';
import { bookingField } from '../booking-row';
import { waitlistEntryField, waitlistEntryFieldsOf } from '../waitlist-row';

/** The join for a request from `clientIp` (e.realIP(); '' when unknown). */
export function waitlistJoin(clientIp: string): ServerCommand<WaitlistJoinInput, WaitlistJoinState, WaitlistJoinedMail, WaitlistJoinAnswer> {
  return {
    command: waitlistJoinCommand,
    path: '/api/fn/waitlist/join',
    load(tx, input) {
      // An anonymous join e-mails an address nobody confirmed: counted per connection (anonymous-recipients.ts).
      if (!input.bookingToken) admitAnonymousRecipient(tx, clientIp, input.email, nowMs());
      const found = input.bookingToken ? bookingForToken(tx, input.bookingToken, nowMs()) : null;
      const installDate = found ? bookingField(found.booking, 'install_date') : null;
      const ctx = found ? loadBookingDateContext(tx, installDate!) : loadDateContext(tx);
      const dateProblem = input.kind === 'install' ? installDateProblem(input.date, ctx) : removalDateProblem(input.date, input.bookingToken ? installDate : null, ctx);
      // A manage page's join waits under the booking's own contact (waitlist-join-command.ts).
      const contact = found
        ? { name: found.booking.getString('customer_name'), email: found.booking.getString('customer_email'), phone: found.booking.getString('customer_phone') }
        : { name: input.name, email: input.email, phone: input.phone };
      const live = tx.findRecordsByFilter('waitlist_entries', `email_key = {:k} && ${filterIn('status', LIVE_ENTRY_STATUSES)}`, '', 0, 0, { k: customerKey(contact.email) } as unknown as dbx.Params);
      const newId = newRecordId();
      return {
        dateProblem,
        noticeHours: visitNoticeHours(loadNotice(tx), input.packageType),
        closingHours: ctx.season.closingHours,
        crews: loadCrews(tx),
        schedules: bookingsOnDates(tx, [input.date]),
        liveEntries: live.map((r) => waitlistEntryFieldsOf(r!, ['date', 'kind'])),
        booking: input.bookingToken ? (found ? { id: found.booking.id, invalid: false, ...contact } : { id: '', invalid: true, name: '', email: '', phone: '' }) : null,
        lastJoinedAt: lastJoinedAtOn(tx, input.date),
        newId,
        leaveTokenHash: waitlistTokenHash(tx, newId, 'waitlist-leave'),
        clientIp,
      };
    },
    composeMail: (tx, m) => waitlistJoinedMail(tx, tx.findRecordById('waitlist_entries', m.entryId)),
    respond(app, a) {
      const r = app.findRecordById('waitlist_entries', a.entryId);
      return { entry: { ...waitlistEntryFieldsOf(r, ['id', 'date', 'kind', 'status']), position: positionOf(app, r) } };
    },
    // Two joins of one address for one date at the same instant: the partial unique index refuses the second.
    writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 409, message: M.alreadyThisDate } : null),
    deliver: 'by-job',
  };
}

export function waitlistJoinRoute(e: core.RequestEvent): void {
  runCommand(e, waitlistJoin(e.realIP()));
}

/** The `joined_at` (epoch ms) of the last entry to join the line of `date`, 0 when none. */
function lastJoinedAtOn(tx: CoreApp, date: string): number {
  const last = tx.findRecordsByFilter('waitlist_entries', 'date = {:d}', '-joined_at', 1, 0, { d: date } as unknown as dbx.Params)[0];
  return last ? waitlistEntryField(last, 'joined_at') : 0;
}
