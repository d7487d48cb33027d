/**
 * Addresses inside the admin that e-mails link to (docs/product.md §2 routes). The web app's
 * paths (web/src/lib/paths.ts) take the dashboard's path from here, so the owner's e-mails and
 * the app agree. Pure.
 */

/** The admin dashboard's path. */
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';

/** The query parameter that opens a booking's details on the dashboard. */
export const ADMIN_BOOKING_PARAM = 'booking';

/** The dashboard with booking `bookingId`'s details open, e.g. '/admin/dashboard?booking=abc123'. */
export function adminBookingPath(bookingId: string): string {
  return `${ADMIN_DASHBOARD_PATH}?${ADMIN_BOOKING_PARAM}=${encodeURIComponent(bookingId)}`;
}

/**
 * Whether `pagePath` is one of the owner's pages (`/admin`, `/admin/…`, `/setup-admin`): the
 * owner working is not a visitor, so those pages record nothing (docs/decisions/039).
 */
export function isAdminPath(pagePath: string): boolean {
  return /^\/(admin|setup-admin)(\/|$)/.test(pagePath);
}
