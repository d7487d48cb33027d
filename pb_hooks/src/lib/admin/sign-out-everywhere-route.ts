/**
 * 'Sign out of all devices' (docs/decisions/043-admin-sessions.md): the lost-phone case.
 *
 * PocketBase signs a staff token with the record's `tokenKey`; a new key makes every token
 * issued before it fail (401 on any request, the renewal included), and PocketBase drops the
 * realtime subscriptions that were authorised by the old key. The caller's account is the
 * one signed out: the back office has one admin account (setup-admin makes it once), so these
 * are all its sessions, and a second account an operator added keeps its own. The caller's
 * token ends too; its device keeps the work it has not sent (the outbox), which goes out once
 * the same admin signs in again.
 */
import { logError } from '../log';
import { apiError } from '../http';
import { requireAdmin, staffIdOf } from '../staff-auth';

/**
 * POST /api/fn/admin-session/sign-out-everywhere (admin): rotates the caller's token key → 200
 * `{ signedOut: true }`. 401/403 for callers who are not admins, 400 for a superuser (who has no
 * staff sessions); 503 when the write fails (nothing changed then: a retry is safe).
 */
export function signOutEverywhereRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const staffId = staffIdOf(e);
  if (!staffId) throw apiError(400, 'Only a staff account can be signed out of its devices.');
  try {
    const staff = e.app.findRecordById('staff', staffId);
    staff.refreshTokenKey();
    e.app.save(staff);
  } catch (err) {
    logError(`sign out everywhere: ${String(err)}`);
    throw apiError(503, 'The devices could not be signed out just now. Please try again in a moment.');
  }
  e.app.logger().info('Every session of a staff account was ended', 'staff', staffId);
  e.json(200, { signedOut: true });
}
