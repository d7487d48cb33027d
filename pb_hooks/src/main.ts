/// <reference path="../types/types.d.ts" />
/**
 * The record hooks. The `/api/fn/` routes and the scheduled jobs are declared once in
 * route-table.ts; the build writes their registrations after these in main.pb.js
 * (scripts/build/hook-registrations.mjs). Each handler is compiled on its own by the JSVM and
 * sees no file-scope names, so each requires the library inside itself and never is async.
 */

// Analytics events come from anonymous visitors: checked and trimmed before they are stored.
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateAnalyticsEvent(e), 'analytics_events');
// Only a superuser can change or delete an event; the insights' running tally then starts over.
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetWebsiteTally(e), 'analytics_events');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).forgetWebsiteTally(e), 'analytics_events');

// A published review shows the first name and last initial only, kept beside the full name.
onRecordCreate((e) => require(`${__hooks}/lib/app.js`).setPublicReviewerName(e), 'testimonials');
onRecordUpdate((e) => require(`${__hooks}/lib/app.js`).setPublicReviewerName(e), 'testimonials');

// "Forgot password?" for staff and superusers (docs/decisions/034): the reset e-mail goes through the
// mail outbox, at most 3 an hour per account, and the answer is PocketBase's 204 whatever happened.
onRecordRequestPasswordResetRequest((e) => require(`${__hooks}/lib/app.js`).mailStaffPasswordReset(e), 'staff', '_superusers');
// PocketBase's other auth e-mails are not used: their routes send nothing (lib/admin/staff-password-reset.ts).
onRecordRequestVerificationRequest((e) => require(`${__hooks}/lib/app.js`).ignoreVerificationRequest(e), 'staff');
onRecordRequestEmailChangeRequest((e) => require(`${__hooks}/lib/app.js`).refuseEmailChangeRequest(e), 'staff', '_superusers');

// Inspiration-image uploads (docs/decisions/004); the disk guard, the wizard and the caps'
// hidden fields on the request, the caps in the insert's transaction (docs/decisions/042).
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).prepareInspirationUpload(e), 'inspiration_images');
onRecordCreateExecute((e) => require(`${__hooks}/lib/app.js`).capInspirationUpload(e), 'inspiration_images');
onFileDownloadRequest((e) => require(`${__hooks}/lib/app.js`).serveInspirationImage(e), 'inspiration_images');

// The admin's settings and blocked dates are checked like the API's other input.
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateSettingWrite(e), 'settings');
onRecordUpdateRequest((e) => require(`${__hooks}/lib/app.js`).validateSettingWrite(e), 'settings');
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateBlockedDateWrite(e), 'blocked_dates');
onRecordUpdateRequest((e) => require(`${__hooks}/lib/app.js`).validateBlockedDateWrite(e), 'blocked_dates');
// Availability keeps settings, blocked dates and each date's bookings between calls; any
// committed change of one makes every runtime read it again (lib/kept.ts, docs/decisions/018).
onRecordAfterCreateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'seasons', 'blocked_dates', 'bookings');
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'seasons', 'blocked_dates', 'bookings');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'seasons', 'blocked_dates', 'bookings');
// An open waitlist offer holds its slot as a booking's hold does: its changes date the bookings' copies too.
onRecordAfterCreateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKeptBookings(e), 'waitlist_offers');
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKeptBookings(e), 'waitlist_offers');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKeptBookings(e), 'waitlist_offers');
// A deleted booking or a removed blocked day frees slots: offered to the waitlist after the commit (best effort; the minute job catches up).
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).offerAfterBookingDelete(e), 'bookings');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).offerAfterBlockRemoved(e), 'blocked_dates');

// Money in flight on a deleted booking (docs/decisions/021): open payment links are expired
// before the delete; a charge still pending or processing refuses it, inside its transaction.
onRecordDeleteRequest((e) => require(`${__hooks}/lib/app.js`).closePaymentLinksBeforeDelete(e), 'bookings');
// First of the bookings' execute hooks: one transaction around the rest (PocketBase's own opens
// only after the JSVM's hooks), which also deletes the booking's unshared uploads (docs/decisions/042).
onRecordDeleteExecute((e) => require(`${__hooks}/lib/app.js`).deleteBookingInOneTransaction(e), 'bookings');
onRecordDeleteExecute((e) => require(`${__hooks}/lib/app.js`).refuseDeleteWithMoneyInFlight(e), 'bookings');
// In the delete's own transaction, so a deletion never commits without its tombstone.
onRecordDeleteExecute(
  (e) => require(`${__hooks}/lib/app.js`).recordTombstone(e),
  'bookings',
  'consultation_requests',
  'testimonials',
  'charges',
  'job_events',
  'customers',
  'waitlist_entries',
  'waitlist_offers',
);
