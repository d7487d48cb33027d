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
