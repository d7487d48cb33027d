/**
 * The hooks library: one CommonJS bundle (with domain/) that every handler in main.pb.js
 * requires inside itself (DESIGN.md "Facts about PocketBase's JSVM"), but for the booking
 * calendar's reads, which require the small bundle of lib/date-reads.ts (docs/decisions/018).
 */
export { checkSlotOverlapRoute } from './routes/check-slot-overlap';
export { createBookingCheckoutRoute } from './routes/booking-checkout';
export { verifyBookingPaymentRoute } from './routes/booking-verify';
export { demoCheckoutRoute, demoCheckoutPayRoute, demoCheckoutCancelRoute } from './routes/demo-checkout';
export { expireHolds } from './jobs/expire-holds';
export { validateAnalyticsEvent } from './records/analytics-event';
export { stripeWebhookRoute } from './routes/stripe-webhook';
export { consultationSlotsRoute } from './routes/consultation-slots';
export { consultationRequestRoute } from './routes/consultation-request';
export { sendReviewRequestRoute } from './routes/review-request';
export { reviewLinkRoute } from './routes/review-link';
export { submitReviewRoute } from './routes/review-submit';
export { testimonialStatsRoute } from './routes/testimonial-stats';
export { reviewRequestsJobRoute } from './routes/review-requests-job';
export { sendDueReviewRequests } from './jobs/review-requests';
export { configuredOrigin } from './reviews/review-requests';
export { calculateDistanceRoute } from './routes/calculate-distance';
export { prepareInspirationUpload, serveInspirationImage } from './records/inspiration-image';
export { checkInspirationImageUrls } from './inspiration-images';
export { checkoutDistance } from './distance';
export { chargeBookingBalanceRoute } from './routes/charge-booking-balance';
export { setupAdminRoute } from './routes/setup-admin';
export { insightsRoute } from './routes/insights';
export { forgetWebsiteTally } from './insights/website-insights';
export { calendarIcsRoute, calendarFeedRoute, calendarFeedRotateRoute } from './routes/calendar-feed';
export { validateSettingWrite, validateBlockedDateWrite } from './records/site-settings';
export { forgetKept } from './kept';
export { recordTombstone, purgeTombstones } from './records/tombstone';
export { purgeTombstonesJobRoute } from './routes/tombstones-purge-job';
export { jobEventsRoute } from './routes/job-events';
export { bookingAdminNotesRoute } from './routes/booking-admin-notes';
export { closePaymentLinksBeforeDelete, refuseDeleteWithMoneyInFlight } from './records/booking-delete';
export { deliverDueMail } from './mail/mail-outbox';
export { reconcilePendingCharges } from './payments/charge-reconcile';
export { deliverMailJobRoute, reconcileChargesJobRoute } from './routes/money-mail-jobs';
