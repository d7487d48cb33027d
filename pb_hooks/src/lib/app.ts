/**
 * The hooks library: one CommonJS bundle (with domain/) that every handler in main.pb.js
 * requires inside itself (docs/architecture.md "Facts about PocketBase's JSVM"), but for the booking
 * calendar's reads, which require the small bundle of lib/date-reads.ts (docs/decisions/018).
 * Its exports are the handlers of route-table.ts and of main.ts's record hooks.
 */
// First, before any schema parses: zod parses without compiling code (domain/zod-config.ts).
import '@domain/zod-config';
import { staffPasswordResetChecks } from './admin/staff-password-reset';
import { visitReminderChecks } from './bookings/visit-reminder-checks';
import { RENEWAL_KIND, renewalChecks } from './customers/renewal-mail-checks';
import { registerMailKindChecks, STAFF_PASSWORD_RESET_KIND, VISIT_REMINDER_KIND } from './mail/outbox-checks';
import { onSlotsFreed } from './freed-slots';
import { offerFreedSlots } from './waitlist/waitlist-offer-step';

// The mail outbox's checks by kind, composed here so mail/ imports no topic (mail/outbox-checks.ts).
registerMailKindChecks(VISIT_REMINDER_KIND, visitReminderChecks);
registerMailKindChecks(STAFF_PASSWORD_RESET_KIND, staffPasswordResetChecks);
registerMailKindChecks(RENEWAL_KIND, renewalChecks);
// Freed slots go to the waitlist (lib/freed-slots.ts), so the topics that free them import none of it.
onSlotsFreed((app, dates) => offerFreedSlots(app, dates));

export { checkSlotOverlapRoute } from './bookings/check-slot-overlap-route';
export { createBookingCheckoutRoute } from './bookings/booking-checkout-route';
export { verifyBookingPaymentRoute } from './bookings/booking-verify-route';
export { demoCheckoutRoute, demoCheckoutPayRoute, demoCheckoutCancelRoute } from './payments/demo-checkout-route';
export { expireHolds } from './bookings/expire-holds-job';
export { validateAnalyticsEvent } from './admin/analytics-event-hooks';
export { stripeWebhookRoute } from './payments/stripe-webhook-route';
export { consultationSlotsRoute } from './consultations/consultation-slots-route';
export { consultationFullDaysRoute } from './consultations/consultation-full-days-route';
export { availabilityForAddressRoute } from './bookings/availability-for-address-route';
export { consultationRequestRoute } from './consultations/consultation-request-route';
export { reviewLinkRoute } from './reviews/review-link-route';
export { submitReviewRoute } from './reviews/review-submit-route';
export { testimonialStatsRoute } from './reviews/testimonial-stats-route';
export { setPublicReviewerName } from './reviews/public-name-hooks';
export { reviewRequestsJobRoute } from './reviews/review-requests-job-route';
export { sendReviewRequestsJob } from './reviews/review-requests-job';
export { calculateDistanceRoute } from './bookings/calculate-distance-route';
export { prepareInspirationUpload, serveInspirationImage } from './bookings/inspiration-upload-hooks';
export { capInspirationUpload } from './bookings/upload-caps';
export { deleteOrphanUploadsJob, orphanUploadsJobRoute } from './bookings/inspiration-orphans';
export { checkInspirationImageUrls } from './bookings/inspiration-images';
export { checkoutDistance } from './bookings/distance';
export { setupAdminRoute, setupAdminStatusRoute } from './admin/setup-admin-route';
export { changeEmailRoute } from './admin/change-email-route';
export { ignoreVerificationRequest, mailStaffPasswordReset, refuseEmailChangeRequest } from './admin/staff-password-reset';
export { insightsRoute } from './admin/insights-route';
export { adminFirstRunRoute } from './admin/first-run-route';
export { forgetWebsiteTally } from './admin/website-insights';
export { calendarIcsRoute, calendarFeedRoute, calendarFeedRotateRoute } from './calendar-feed/calendar-feed-routes';
export { validateSettingWrite, validateBlockedDateWrite } from './admin/site-settings-hooks';
export { forgetKept } from './kept';
export { recordTombstone } from './admin/tombstones';
export { purgeTombstonesJobRoute } from './admin/tombstones-purge-job-route';
export { dailyPurge } from './admin/daily-purge';
export { blockedDayChoiceRoute } from './bookings/blocked-day-route';
export { signOutEverywhereRoute } from './admin/sign-out-everywhere-route';
export { closePaymentLinksBeforeDelete, deleteBookingInOneTransaction, refuseDeleteWithMoneyInFlight } from './bookings/booking-delete-hooks';
export { deliverDueMail } from './mail/mail-outbox';
export { reconcilePendingCharges } from './payments/charge-reconcile';
export { deliverMailJobRoute } from './mail/deliver-mail-job-route';
export { reconcileChargesJobRoute } from './payments/reconcile-charges-job-route';
export { myBookingRoute, myBookingMoveRoute, myBookingCancelRoute, myBookingPayBalanceRoute } from './my-booking/my-booking-routes';
export { myBookingAddRemovalRoute } from './my-booking/add-removal-route';
export { freshLinkRoute, myBookingSendLinkRoute } from './my-booking/send-link-route';
export { myConsultationRoute, myConsultationMoveRoute, myConsultationCancelRoute } from './my-consultation/my-consultation-routes';
export { refundReturnedRoute } from './payments/refund-returned-route';
export { refundChargeRoute } from './payments/refund';
export { phoneBookingRoute } from './bookings/phone-booking-route';
export { eraseCustomerRoute } from './customers/erase-customer-route';
export { seasonSaveRoute } from './seasons/season-save-route';
export { sendVisitRemindersJob, sendRemindersJobRoute } from './bookings/visit-reminders-job';
export { sendRenewalsJob } from './customers/renewals-job';
export { renewalsJobRoute } from './customers/renewals-job-route';
export { renewalLinkRoute, renewalUnlockRoute } from './customers/renewal-link-route';
export { unsubscribeRoute } from './customers/unsubscribe-route';
export { withRequestOrigin } from './http';
export { visitsIcsRoute } from './my-booking/visits-ics-route';
export { waitlistJoinRoute } from './waitlist/waitlist-join-route';
export { waitlistLeaveRoute, waitlistDeclineRoute, waitlistOfferViewRoute, waitlistAcceptMoveRoute } from './waitlist/waitlist-token-routes';
export { adminWaitlistOfferRoute, adminWaitlistSkipRoute, adminWaitlistRemoveRoute } from './waitlist/waitlist-owner-routes';
export { waitlistOffersJobRoute, waitlistOffersJob } from './waitlist/waitlist-offers-job';
export { forgetKeptBookings, offerAfterBookingDelete, offerAfterBlockRemoved } from './waitlist/waitlist-hooks';
