/**
 * Reads of the `consultation_requests` collection shared by the consultation routes. Takes the
 * app it runs on, so inside `runInTransaction` it is given the transaction's app.
 */

/**
 * The slot ids ('HH:MM') of `date` held by a request that is not cancelled: the same rows the
 * partial unique index `idx_consultations_slot_taken` covers.
 */
export function takenConsultationSlots(app: CoreApp, date: string): Set<string> {
  const records = app.findRecordsByFilter(
    'consultation_requests',
    "consultation_date = {:date} && status != 'cancelled'",
    '',
    0,
    0,
    { date } as unknown as dbx.Params,
  );
  return new Set(records.map((r) => r!.getString('consultation_time_slot')));
}
