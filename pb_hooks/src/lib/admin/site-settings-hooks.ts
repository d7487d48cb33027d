/**
 * Record hooks for what the admin edits on the Settings tab (docs/decisions/015): a `settings` value or a
 * blocked date the admin sends is checked by domain/admin/site-settings.ts and refused with a 400 and
 * a plain sentence, rather than stored and silently replaced by the default where it is read.
 * Which keys the admin may write is the collection's API rule (migration 1732000014); these run
 * for admin staff only: others are refused by the rules, and superusers (operators, tests) may
 * store anything, which the readers in lib/settings.ts survive.
 */
import { blockedDateProblem, settingValueProblem } from '@domain/admin/site-settings';
import { apiError, badRequest } from '../http';
import { isStaffAdmin } from '../staff-auth';

function jsonValue(r: core.Record): unknown {
  const raw = r.getString('value');
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return undefined;
  }
}

/** onRecordCreateRequest / onRecordUpdateRequest for `settings`. */
export function validateSettingWrite(e: core.RecordRequestEvent): void {
  if (isStaffAdmin(e)) {
    const r = e.record!;
    const problem = settingValueProblem(r.getString('key'), jsonValue(r));
    if (problem) throw badRequest(problem);
  }
  e.next();
}

/** onRecordCreateRequest / onRecordUpdateRequest for `blocked_dates`. */
export function validateBlockedDateWrite(e: core.RecordRequestEvent): void {
  if (isStaffAdmin(e)) {
    const r = e.record!;
    const date = r.getString('blocked_date');
    const problem = blockedDateProblem(date, r.getString('reason'));
    if (problem) throw badRequest(problem);
    const taken = e.app.countRecords('blocked_dates', $dbx.hashExp({ blocked_date: date }), $dbx.not($dbx.hashExp({ id: r.id }))) > 0;
    if (taken) throw apiError(409, 'That date is already blocked.');
  }
  e.next();
}
