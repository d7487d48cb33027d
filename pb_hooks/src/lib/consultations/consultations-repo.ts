/**
 * Reads of the `consultation_requests` collection shared by the consultation routes. Takes the
 * app it runs on, so inside `runInTransaction` it is given the transaction's app.
 */
import { CONSULTATION_CAPS, phoneDigits } from '@domain/booking/ownership';

/**
 * The slot ids ('HH:MM') of `date` held by a request that is not cancelled: the same rows the
 * partial unique index `idx_consultations_slot_taken` covers.
 */
export function takenConsultationSlots(app: CoreApp, date: string): Set<string> {
  const records = app.findRecordsByFilter('consultation_requests', "consultation_date = {:date} && status != 'cancelled'", '', 0, 0, { date } as unknown as dbx.Params);
  return new Set(records.map((r) => r!.getString('consultation_time_slot')));
}

/** The stored phone with the separators the contact schema allows removed (SQLite has no regex). */
const PHONE_DIGITS_SQL = "replace(replace(replace(replace(replace(replace(customer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), char(9), '')";

/**
 * True when the caller already has as many pending upcoming (`today` or later) consultation
 * requests as CONSULTATION_CAPS allows for its e-mail (case-insensitive), phone (digits) or IP
 * (docs/decisions/010: one caller cannot fill the Wednesdays). Run inside the request's transaction.
 */
export function consultationCapReached(app: CoreApp, caller: { ip: string; email: string; phone: string }, today: string): boolean {
  const count = (where: string): number => {
    const row = new DynamicModel({ n: 0 }) as unknown as { n: number };
    app
      .db()
      .newQuery(`SELECT COUNT(*) AS n FROM consultation_requests WHERE status = 'pending' AND consultation_date >= {:today} AND ${where}`)
      .bind({ today, ip: caller.ip, email: caller.email.toLowerCase(), phone: phoneDigits(caller.phone) } as unknown as dbx.Params)
      .one(row);
    return row.n;
  };
  return (
    count('lower(customer_email) = {:email}') >= CONSULTATION_CAPS.perEmail ||
    count(`${PHONE_DIGITS_SQL} = {:phone}`) >= CONSULTATION_CAPS.perPhone ||
    (!!caller.ip && count('client_ip = {:ip}') >= CONSULTATION_CAPS.perIp)
  );
}
