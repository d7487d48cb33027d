/**
 * The hooks library: one CommonJS bundle (with domain/) that every handler in main.pb.js
 * requires inside itself (DESIGN.md "Facts about PocketBase's JSVM").
 */
export { seasonRoute } from './routes/season';
export { availabilityRoute } from './routes/availability';
export { checkSlotOverlapRoute } from './routes/check-slot-overlap';
export { createBookingCheckoutRoute } from './routes/booking-checkout';
export { verifyBookingPaymentRoute } from './routes/booking-verify';
export { demoCheckoutRoute, demoCheckoutPayRoute, demoCheckoutCancelRoute } from './routes/demo-checkout';
export { expireHolds } from './jobs/expire-holds';
export { validateAnalyticsEvent } from './records/analytics-event';
export { stripeWebhookRoute } from './routes/stripe-webhook';
