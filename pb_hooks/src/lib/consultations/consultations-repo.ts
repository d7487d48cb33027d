/**
 * Reads of the `consultation_requests` collection shared by the consultation routes. Takes the
 * app it runs on, so inside `runInTransaction` it is given the transaction's app.
 */
import { CONSULTATION_CAPS, phoneDigits } from '@domain/booking/ownership';
import { consultationSlotMinutes } from '@domain/consultations/consultation';
import { parseZip } from '@domain/place/distance';
import type { PlacedVisit } from '@domain/schedule/travel-buffer';
import { ConsultationStatus } from '@domain/consultations/consultation-status';
import { consultationField } from '../consultation-row';

/** The requests of `date` that are not cancelled. */
function requestsOn(app: CoreApp, date: string): core.Record[] {
  return app.findRecordsByFilter('consultation_requests', `consultation_date = {:date} && status != '${ConsultationStatus.Cancelled}'`, '', 0, 0, { date } as unknown as dbx.Params) as core.Record[];
}

/**
 * The slot ids ('HH:MM') of `date` held by a request that is not cancelled: the same rows the
 * partial unique index `idx_consultations_slot_taken` covers.
 */
export function takenConsultationSlots(app: CoreApp, date: string): Set<string> {
  return new Set(requestsOn(app, date).map((r) => consultationField(r, 'consultation_time_slot')));
}

/**
 * The slot ids ('HH:MM') held by a request that is not cancelled, by date, for the dates from
 * `from` to `to` (`YYYY-MM-DD`, both included): one query for a calendar's window, reading only
 * the date and the slot (GET /api/fn/consultation-full-days).
 */
export function takenConsultationSlotsBetween(app: CoreApp, from: string, to: string): Map<string, Set<string>> {
  const rows = arrayOf(new DynamicModel({ consultation_date: '', consultation_time_slot: '' })) as unknown as { consultation_date: string; consultation_time_slot: string }[];
  app
    .db()
    .newQuery(
      `SELECT consultation_date, consultation_time_slot FROM consultation_requests WHERE consultation_date >= {:from} AND consultation_date <= {:to} AND status != '${ConsultationStatus.Cancelled}'`,
    )
    .bind({ from, to } as unknown as dbx.Params)
    .all(rows);
  const byDate = new Map<string, Set<string>>();
  for (const r of rows) {
    const taken = byDate.get(r.consultation_date);
    if (taken) taken.add(r.consultation_time_slot);
    else byDate.set(r.consultation_date, new Set([r.consultation_time_slot]));
  }
  return byDate;
}

/**
 * The other consultations of `date` (not cancelled) as the travel buffer places them: their
 * 30 minutes and the ZIP of their address (domain/schedule/travel-buffer.ts).
 */
export function consultationVisitsOn(app: CoreApp, date: string): PlacedVisit[] {
  return requestsOn(app, date).flatMap((r) => {
    const slot = consultationSlotMinutes(consultationField(r, 'consultation_time_slot'));
    return slot ? [{ ...slot, zip: parseZip(consultationField(r, 'customer_address')) }] : [];
  });
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
      .newQuery(`SELECT COUNT(*) AS n FROM consultation_requests WHERE status = '${ConsultationStatus.Pending}' AND consultation_date >= {:today} AND ${where}`)
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
