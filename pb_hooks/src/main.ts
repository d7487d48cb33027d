/// <reference path="../types/types.d.ts" />
/**
 * Registrations of every route, hook and job. Each handler is compiled on its own by the JSVM
 * and sees no file-scope names, so each requires the library inside itself and never is async.
 */

routerAdd('GET', '/api/fn/season', (e) => require(`${__hooks}/lib/app.js`).seasonRoute(e));
routerAdd('GET', '/api/fn/availability', (e) => require(`${__hooks}/lib/app.js`).availabilityRoute(e));
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
