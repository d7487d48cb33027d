/**
 * Who is calling a `/api/fn/` route: the admin check of docs/product.md §6 for staff records (the
 * `staff` auth collection with role 'admin', docs/architecture.md "Server interface"). A superuser counts
 * as an admin, so operators can act from scripts and the PocketBase dashboard.
 */
import { apiError } from './http';

/** True for an auth record of the `staff` collection with role admin. */
export function isAdminStaffRecord(auth: core.Record | null | undefined): boolean {
  return !!auth && auth.collection().name === 'staff' && auth.getString('role') === 'admin';
}

/** True for a signed-in staff member with role admin (not a superuser). */
export function isStaffAdmin(e: core.RequestEvent): boolean {
  return isAdminStaffRecord(e.auth);
}

/** True for a signed-in staff member with role admin, or a superuser. */
export function isAdmin(e: core.RequestEvent): boolean {
  return e.hasSuperuserAuth() || isStaffAdmin(e);
}

/** Throws 401 without a signed-in user and 403 for anyone who is not an admin. */
export function requireAdmin(e: core.RequestEvent): void {
  if (!e.auth) throw apiError(401, 'Please sign in as an admin.');
  if (!isAdmin(e)) throw apiError(403, "You don't have admin privileges.");
}

/** The staff member making request `e` ('' for a superuser): who recorded a charge, a payment or an event. */
export function staffIdOf(e: core.RequestEvent): string {
  return e.auth && e.auth.collection().name === 'staff' ? e.auth.id : '';
}
