/**
 * Whether a queued renewal e-mail (lib/customers/renewal-mail.ts) is still to be sent when the mail outbox
 * reaches it (mail-outbox.ts, through outbox-checks.ts stillWanted and renewalChecks below): not when its customer
 * unsubscribed or booked the season meanwhile, nor when the renewal row is gone or was erased
 * (domain/customers/renewals.ts; docs/decisions/054). Reads only: no import of the outbox or the
 * command runner, which import this.
 */
import { bookedIn } from '@domain/customers/renewals';
import { parseTimestamp, ymd } from '@domain/schedule/calendar';
import { nowMs } from '../clock';
import type { MailKindChecks } from '../mail/outbox-checks';
import { BookingStatus } from '@domain/booking/lifecycle';

/** The outbox kind of a renewal e-mail. */
export const RENEWAL_KIND = 'renewal';

/** The customer's bookings installed in season `year` (July 1 to June 30), not cancelled, as renewals.ts bookedIn reads them. */
const SEASON_BOOKINGS_SQL = `SELECT id, customer_email, status, deposit_paid_at, install_date, hold_expires_at FROM bookings WHERE lower(trim(customer_email)) = {:k} AND install_date >= {:from} AND install_date <= {:to} AND status != '${BookingStatus.Cancelled}'`;

function bookedSeason(app: CoreApp, key: string, year: number): boolean {
  const rows = arrayOf(new DynamicModel({ id: '', customer_email: '', status: '', deposit_paid_at: '', install_date: '', hold_expires_at: '' })) as unknown as {
    id: string;
    customer_email: string;
    status: BookingStatus;
    deposit_paid_at: string;
    install_date: string;
    hold_expires_at: string;
  }[];
  app
    .db()
    .newQuery(SEASON_BOOKINGS_SQL)
    .bind({ k: key, from: ymd(year, 7, 1), to: ymd(year + 1, 6, 30) } as unknown as dbx.Params)
    .all(rows);
  const now = nowMs();
  return rows.some((r) =>
    bookedIn({ ...r, install_time_slot: '', removal_date: '', removal_time_slot: '', tree_size: '', holdExpiresAtMs: r.hold_expires_at ? parseTimestamp(r.hold_expires_at) : NaN }, year, now),
  );
}

/** True while renewal row `renewalId`'s customer still wants it. */
export function renewalStillWanted(app: CoreApp, renewalId: string): boolean {
  let key: string;
  let season: number;
  try {
    const row = app.findRecordById('renewals', renewalId);
    key = row.getString('email_key');
    season = row.getInt('season');
    if (!row.getString('token_hash')) return false; // erased
  } catch {
    return false; // deleted
  }
  const customer = app.findRecordsByFilter('customers', 'email_key = {:k}', '', 1, 0, { k: key } as unknown as dbx.Params)[0];
  return !customer?.getString('unsubscribed_at') && !bookedSeason(app, key, season);
}

/** The mail outbox's check of a renewal e-mail (registered by lib/app.ts): renewalStillWanted of its renewal. */
export const renewalChecks: MailKindChecks = {
  stillWanted: (app, rec) => renewalStillWanted(app, rec.getString('related_id')),
};
