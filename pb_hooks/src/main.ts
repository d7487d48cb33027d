/// <reference path="../types/types.d.ts" />
/**
 * Registrations of every route, hook and job. Each handler is compiled on its own by the JSVM
 * and sees no file-scope names, so each requires the library inside itself and never is async.
 */

// The booking calendar's reads require the small bundle, cheap to load (docs/decisions/018).
routerAdd('GET', '/api/fn/season', (e) => require(`${__hooks}/lib/date-reads.js`).seasonRoute(e));
routerAdd('GET', '/api/fn/availability', (e) => require(`${__hooks}/lib/date-reads.js`).availabilityRoute(e));
routerAdd('POST', '/api/fn/check-slot-overlap', (e) => require(`${__hooks}/lib/app.js`).checkSlotOverlapRoute(e));
routerAdd('POST', '/api/fn/create-booking-checkout', (e) => require(`${__hooks}/lib/app.js`).createBookingCheckoutRoute(e));
routerAdd('POST', '/api/fn/stripe-webhook', (e) => require(`${__hooks}/lib/app.js`).stripeWebhookRoute(e));
routerAdd('POST', '/api/fn/verify-booking-payment', (e) => require(`${__hooks}/lib/app.js`).verifyBookingPaymentRoute(e));
routerAdd('GET', '/api/fn/demo-checkout', (e) => require(`${__hooks}/lib/app.js`).demoCheckoutRoute(e));
routerAdd('POST', '/api/fn/demo-checkout/pay', (e) => require(`${__hooks}/lib/app.js`).demoCheckoutPayRoute(e));
routerAdd('POST', '/api/fn/demo-checkout/cancel', (e) => require(`${__hooks}/lib/app.js`).demoCheckoutCancelRoute(e));

cronAdd('expire-checkout-holds', '*/5 * * * *', () => {
  require(`${__hooks}/lib/app.js`).expireHolds($app);
});

onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateAnalyticsEvent(e), 'analytics_events');

// Consultations, review links and testimonials (issue 5).
routerAdd('GET', '/api/fn/consultation-slots', (e) => require(`${__hooks}/lib/app.js`).consultationSlotsRoute(e));
routerAdd('POST', '/api/fn/consultation-request', (e) => require(`${__hooks}/lib/app.js`).consultationRequestRoute(e));
routerAdd('POST', '/api/fn/send-review-request', (e) => require(`${__hooks}/lib/app.js`).sendReviewRequestRoute(e));
routerAdd('GET', '/api/fn/review-link', (e) => require(`${__hooks}/lib/app.js`).reviewLinkRoute(e));
routerAdd('POST', '/api/fn/submit-review', (e) => require(`${__hooks}/lib/app.js`).submitReviewRoute(e));
routerAdd('GET', '/api/fn/testimonial-stats', (e) => require(`${__hooks}/lib/app.js`).testimonialStatsRoute(e));
routerAdd('POST', '/api/fn/jobs/review-requests', (e) => require(`${__hooks}/lib/app.js`).reviewRequestsJobRoute(e), $apis.requireSuperuserAuth());

// Daily at 14:00 UTC (9 or 10 AM in New York): post_removal review requests the day after a removal.
cronAdd('send-review-requests', '0 14 * * *', () => {
  const lib = require(`${__hooks}/lib/app.js`);
  lib.sendDueReviewRequests($app, lib.configuredOrigin($app));
});

// Distance lookup and inspiration-image uploads (issue 4).
routerAdd('POST', '/api/fn/calculate-distance', (e) => require(`${__hooks}/lib/app.js`).calculateDistanceRoute(e));
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).prepareInspirationUpload(e), 'inspiration_images');
onFileDownloadRequest((e) => require(`${__hooks}/lib/app.js`).serveInspirationImage(e), 'inspiration_images');

// Balance and damage charges (issue 9).
routerAdd('POST', '/api/fn/charge-booking-balance', (e) => require(`${__hooks}/lib/app.js`).chargeBookingBalanceRoute(e));
// Admin back office (issue 9): first admin, Overview insights, calendar feed, settings checks,
// tombstones for the admin's offline mirror.
routerAdd('POST', '/api/fn/setup-admin', (e) => require(`${__hooks}/lib/app.js`).setupAdminRoute(e));
routerAdd('GET', '/api/fn/insights', (e) => require(`${__hooks}/lib/app.js`).insightsRoute(e));
// Only a superuser can change or delete an event; the insights' running tally then starts over.
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetWebsiteTally(e), 'analytics_events');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).forgetWebsiteTally(e), 'analytics_events');
routerAdd('GET', '/api/fn/calendar.ics', (e) => require(`${__hooks}/lib/app.js`).calendarIcsRoute(e));
routerAdd('GET', '/api/fn/calendar-feed', (e) => require(`${__hooks}/lib/app.js`).calendarFeedRoute(e));
routerAdd('POST', '/api/fn/calendar-feed/rotate', (e) => require(`${__hooks}/lib/app.js`).calendarFeedRotateRoute(e));
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateSettingWrite(e), 'settings');
onRecordUpdateRequest((e) => require(`${__hooks}/lib/app.js`).validateSettingWrite(e), 'settings');
onRecordCreateRequest((e) => require(`${__hooks}/lib/app.js`).validateBlockedDateWrite(e), 'blocked_dates');
onRecordUpdateRequest((e) => require(`${__hooks}/lib/app.js`).validateBlockedDateWrite(e), 'blocked_dates');
// Availability keeps settings, blocked dates and each date's bookings between calls; any
// committed change of one makes every runtime read it again (lib/kept.ts, docs/decisions/018).
onRecordAfterCreateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'blocked_dates', 'bookings');
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'blocked_dates', 'bookings');
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/lib/app.js`).forgetKept(e), 'settings', 'blocked_dates', 'bookings');
// Money in flight on a deleted booking (docs/decisions/021): open payment links are expired
// before the delete; a charge still pending or processing refuses it, inside its transaction.
onRecordDeleteRequest((e) => require(`${__hooks}/lib/app.js`).closePaymentLinksBeforeDelete(e), 'bookings');
onRecordDeleteExecute((e) => require(`${__hooks}/lib/app.js`).refuseDeleteWithMoneyInFlight(e), 'bookings');
// In the delete's own transaction, so a deletion never commits without its tombstone.
onRecordDeleteExecute(
  (e) => require(`${__hooks}/lib/app.js`).recordTombstone(e),
  'bookings',
  'consultation_requests',
  'testimonials',
  'charges',
  'job_events',
);
routerAdd('POST', '/api/fn/jobs/purge-tombstones', (e) => require(`${__hooks}/lib/app.js`).purgeTombstonesJobRoute(e), $apis.requireSuperuserAuth());
// Daily at 08:30 UTC: tombstones older than 400 days.
cronAdd('purge-tombstones', '30 8 * * *', () => {
  require(`${__hooks}/lib/app.js`).purgeTombstones($app);
});

// Offline-first admin (issue 10): on-site actions from the outbox, applied once per client id;
// the admin's own booking note, the later edit winning.
routerAdd('POST', '/api/fn/job-events', (e) => require(`${__hooks}/lib/app.js`).jobEventsRoute(e));
routerAdd('POST', '/api/fn/booking-admin-notes', (e) => require(`${__hooks}/lib/app.js`).bookingAdminNotesRoute(e));

// The mail outbox and stuck charges (docs/decisions/021): every minute, due mail is sent (with
// backoff; a row left 'sending' by a process that died is queued again) and charges whose
// request died are settled from what Stripe knows.
cronAdd('deliver-mail', '* * * * *', () => {
  require(`${__hooks}/lib/app.js`).deliverDueMail($app);
});
cronAdd('reconcile-charges', '* * * * *', () => {
  require(`${__hooks}/lib/app.js`).reconcilePendingCharges($app);
});
routerAdd('POST', '/api/fn/jobs/deliver-mail', (e) => require(`${__hooks}/lib/app.js`).deliverMailJobRoute(e), $apis.requireSuperuserAuth());
routerAdd('POST', '/api/fn/jobs/reconcile-charges', (e) => require(`${__hooks}/lib/app.js`).reconcileChargesJobRoute(e), $apis.requireSuperuserAuth());
