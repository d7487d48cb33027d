/**
 * Every scheduled job and every `/api/fn/` route with a handler of its own, declared once:
 * method, path, who may call it, and the exported handler of the hooks library that answers
 * it. A command or outside call exported with its `caller` from a file of lib/ is a route by
 * itself and has no line here (lib/commands/declared-routes.ts, docs/decisions/066). The build writes one
 * registration per entry into main.pb.js (scripts/build/hook-registrations.mjs), in the shape the
 * JSVM needs: a handler is compiled from its own source text and sees no file-scope name, so
 * each one must require its library inside itself. Handler names are checked against the
 * libraries' exports by route-table-check.ts: a typo fails the type-check. This file imports
 * nothing, so tests and build scripts can read it.
 *
 * `caller`: 'anyone' (the route decides, e.g. by a token), 'admin' (the handler refuses others:
 * 401 signed out, 403 staff without the admin role; tests/server/admin-access.test.ts checks
 * every one), 'superuser' (PocketBase's requireSuperuserAuth in front of the handler).
 * `library`: 'app' (lib/app.ts) or 'date-reads' (the booking calendar's small bundle,
 * docs/decisions/018).
 */
export type Caller = 'anyone' | 'admin' | 'superuser';

export const ROUTES = [
  // The booking calendar's reads (the small bundle).
  { method: 'GET', path: '/api/fn/season', caller: 'anyone', library: 'date-reads', handler: 'seasonRoute' },
  { method: 'GET', path: '/api/fn/availability', caller: 'anyone', library: 'date-reads', handler: 'availabilityRoute' },
  { method: 'GET', path: '/api/fn/notice', caller: 'anyone', library: 'date-reads', handler: 'noticeRoute' },
  // Which days of a season window are full for a tree size: the calendars' marks, one read per calendar.
  { method: 'GET', path: '/api/fn/full-days', caller: 'anyone', library: 'date-reads', handler: 'fullDaysRoute' },
  // The same for the consultation calendars: the Wednesdays with every slot taken (in lib/app.js, beside the consultation slots).
  { method: 'GET', path: '/api/fn/consultation-full-days', caller: 'anyone', library: 'app', handler: 'consultationFullDaysRoute' },
  // The availability with the travel buffer for the customer's ZIP (needs the ZIP-code table).
  { method: 'GET', path: '/api/fn/availability-for-address', caller: 'anyone', library: 'app', handler: 'availabilityForAddressRoute' },
  // Bookings and their payment.
  { method: 'POST', path: '/api/fn/check-slot-overlap', caller: 'anyone', library: 'app', handler: 'checkSlotOverlapRoute' },
  { method: 'POST', path: '/api/fn/calculate-distance', caller: 'anyone', library: 'app', handler: 'calculateDistanceRoute' },
  { method: 'POST', path: '/api/fn/create-booking-checkout', caller: 'anyone', library: 'app', handler: 'createBookingCheckoutRoute' },
  { method: 'POST', path: '/api/fn/verify-booking-payment', caller: 'anyone', library: 'app', handler: 'verifyBookingPaymentRoute' },
  { method: 'POST', path: '/api/fn/stripe-webhook', caller: 'anyone', library: 'app', handler: 'stripeWebhookRoute' },
  { method: 'GET', path: '/api/fn/demo-checkout', caller: 'anyone', library: 'app', handler: 'demoCheckoutRoute' },
  { method: 'POST', path: '/api/fn/demo-checkout/pay', caller: 'anyone', library: 'app', handler: 'demoCheckoutPayRoute' },
  { method: 'POST', path: '/api/fn/demo-checkout/cancel', caller: 'anyone', library: 'app', handler: 'demoCheckoutCancelRoute' },
  { method: 'POST', path: '/api/fn/admin-refunds/returned', caller: 'admin', library: 'app', handler: 'refundReturnedRoute' },
  { method: 'POST', path: '/api/fn/admin-refunds/charge', caller: 'admin', library: 'app', handler: 'refundChargeRoute' },
  { method: 'POST', path: '/api/fn/admin-bookings/send-link', caller: 'admin', library: 'app', handler: 'freshLinkRoute' },
  { method: 'POST', path: '/api/fn/admin-bookings/create', caller: 'admin', library: 'app', handler: 'phoneBookingRoute' },
  { method: 'POST', path: '/api/fn/admin-bookings/blocked-day', caller: 'admin', library: 'app', handler: 'blockedDayChoiceRoute' },
  // Consultations.
  { method: 'GET', path: '/api/fn/consultation-slots', caller: 'anyone', library: 'app', handler: 'consultationSlotsRoute' },
  { method: 'POST', path: '/api/fn/consultation-request', caller: 'anyone', library: 'app', handler: 'consultationRequestRoute' },
  // Reviews.
  { method: 'GET', path: '/api/fn/review-link', caller: 'anyone', library: 'app', handler: 'reviewLinkRoute' },
  { method: 'POST', path: '/api/fn/submit-review', caller: 'anyone', library: 'app', handler: 'submitReviewRoute' },
  { method: 'GET', path: '/api/fn/testimonial-stats', caller: 'anyone', library: 'app', handler: 'testimonialStatsRoute' },
  // Renewals for the next season: the e-mail's 'Reserve my week again' link and its unsubscribe.
  { method: 'GET', path: '/api/fn/renewal', caller: 'anyone', library: 'app', handler: 'renewalLinkRoute' },
  { method: 'POST', path: '/api/fn/renewal', caller: 'anyone', library: 'app', handler: 'renewalUnlockRoute' },
  { method: 'POST', path: '/api/fn/unsubscribe', caller: 'anyone', library: 'app', handler: 'unsubscribeRoute' },
  // The customer's own booking, by its manage link (docs/decisions/027 and 029).
  { method: 'POST', path: '/api/fn/my-booking', caller: 'anyone', library: 'app', handler: 'myBookingRoute' },
  { method: 'POST', path: '/api/fn/my-booking/move', caller: 'anyone', library: 'app', handler: 'myBookingMoveRoute' },
  { method: 'POST', path: '/api/fn/my-booking/cancel', caller: 'anyone', library: 'app', handler: 'myBookingCancelRoute' },
  { method: 'POST', path: '/api/fn/my-booking/pay-balance', caller: 'anyone', library: 'app', handler: 'myBookingPayBalanceRoute' },
  { method: 'POST', path: '/api/fn/my-booking/add-removal', caller: 'anyone', library: 'app', handler: 'myBookingAddRemovalRoute' },
  { method: 'POST', path: '/api/fn/my-booking/send-link', caller: 'anyone', library: 'app', handler: 'myBookingSendLinkRoute' },
  { method: 'POST', path: '/api/fn/my-consultation', caller: 'anyone', library: 'app', handler: 'myConsultationRoute' },
  { method: 'POST', path: '/api/fn/my-consultation/move', caller: 'anyone', library: 'app', handler: 'myConsultationMoveRoute' },
  { method: 'POST', path: '/api/fn/my-consultation/cancel', caller: 'anyone', library: 'app', handler: 'myConsultationCancelRoute' },
  // The booking e-mails' 'Add to calendar' button, by the manage link's token.
  { method: 'GET', path: '/api/fn/visits.ics', caller: 'anyone', library: 'app', handler: 'visitsIcsRoute' },
  // The waitlist for full days (lib/waitlist/): joining and the e-mails' links, anyone; the owner's actions.
  { method: 'POST', path: '/api/fn/waitlist/join', caller: 'anyone', library: 'app', handler: 'waitlistJoinRoute' },
  { method: 'POST', path: '/api/fn/waitlist/leave', caller: 'anyone', library: 'app', handler: 'waitlistLeaveRoute' },
  { method: 'POST', path: '/api/fn/waitlist/offer', caller: 'anyone', library: 'app', handler: 'waitlistOfferViewRoute' },
  { method: 'POST', path: '/api/fn/waitlist/decline', caller: 'anyone', library: 'app', handler: 'waitlistDeclineRoute' },
  { method: 'POST', path: '/api/fn/waitlist/accept-move', caller: 'anyone', library: 'app', handler: 'waitlistAcceptMoveRoute' },
  { method: 'POST', path: '/api/fn/admin-waitlist/offer', caller: 'admin', library: 'app', handler: 'adminWaitlistOfferRoute' },
  { method: 'POST', path: '/api/fn/admin-waitlist/skip', caller: 'admin', library: 'app', handler: 'adminWaitlistSkipRoute' },
  { method: 'POST', path: '/api/fn/admin-waitlist/remove', caller: 'admin', library: 'app', handler: 'adminWaitlistRemoveRoute' },
  // The admin back office.
  { method: 'POST', path: '/api/fn/setup-admin', caller: 'anyone', library: 'app', handler: 'setupAdminRoute' },
  { method: 'GET', path: '/api/fn/setup-admin', caller: 'anyone', library: 'app', handler: 'setupAdminStatusRoute' },
  { method: 'POST', path: '/api/fn/change-email', caller: 'anyone', library: 'app', handler: 'changeEmailRoute' },
  { method: 'GET', path: '/api/fn/insights', caller: 'admin', library: 'app', handler: 'insightsRoute' },
  { method: 'GET', path: '/api/fn/admin-first-run', caller: 'admin', library: 'app', handler: 'adminFirstRunRoute' },
  // The owner's seasons (domain/schedule/seasons.ts): the only way to write `seasons`.
  { method: 'POST', path: '/api/fn/seasons', caller: 'admin', library: 'app', handler: 'seasonSaveRoute' },
  { method: 'POST', path: '/api/fn/admin-session/sign-out-everywhere', caller: 'admin', library: 'app', handler: 'signOutEverywhereRoute' },
  // The owner erases a customer's personal data (admins only, online; docs/decisions/054).
  { method: 'POST', path: '/api/fn/admin-customers/erase', caller: 'admin', library: 'app', handler: 'eraseCustomerRoute' },
  // The owner's calendar feed: the .ics by its secret token, its address and rotation for the admin.
  { method: 'GET', path: '/api/fn/calendar.ics', caller: 'anyone', library: 'app', handler: 'calendarIcsRoute' },
  { method: 'GET', path: '/api/fn/calendar-feed', caller: 'admin', library: 'app', handler: 'calendarFeedRoute' },
  { method: 'POST', path: '/api/fn/calendar-feed/rotate', caller: 'admin', library: 'app', handler: 'calendarFeedRotateRoute' },
  // The jobs, run now (operators catching up after an outage, and tests).
  { method: 'POST', path: '/api/fn/jobs/review-requests', caller: 'superuser', library: 'app', handler: 'reviewRequestsJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/purge-tombstones', caller: 'superuser', library: 'app', handler: 'purgeTombstonesJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/deliver-mail', caller: 'superuser', library: 'app', handler: 'deliverMailJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/reconcile-charges', caller: 'superuser', library: 'app', handler: 'reconcileChargesJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/send-reminders', caller: 'superuser', library: 'app', handler: 'sendRemindersJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/delete-orphan-uploads', caller: 'superuser', library: 'app', handler: 'orphanUploadsJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/renewals', caller: 'superuser', library: 'app', handler: 'renewalsJobRoute' },
  { method: 'POST', path: '/api/fn/jobs/waitlist-offers', caller: 'superuser', library: 'app', handler: 'waitlistOffersJobRoute' },
] as const;

export const JOBS = [
  { name: 'expire-checkout-holds', schedule: '*/5 * * * *', handler: 'expireHolds', why: 'unpaid holds end 30 minutes after checkout; refunds that failed are retried' },
  { name: 'send-review-requests', schedule: '0 14 * * *', handler: 'sendReviewRequestsJob', why: '9 or 10 AM in New York: the day after a removal' },
  { name: 'purge-tombstones', schedule: '30 8 * * *', handler: 'dailyPurge', why: 'daily: tombstones older than 400 days, request keys older than 30' },
  { name: 'deliver-mail', schedule: '* * * * *', handler: 'deliverDueMail', why: 'the mail outbox: due e-mails sent with backoff (docs/decisions/021)' },
  { name: 'reconcile-charges', schedule: '* * * * *', handler: 'reconcilePendingCharges', why: 'charges whose request died settled from Stripe (docs/decisions/021)' },
  { name: 'send-visit-reminders', schedule: '0 * * * *', handler: 'sendVisitRemindersJob', why: 'hourly: from 9 AM in New York, the reminders of tomorrow’s visits (docs/decisions/028)' },
  {
    name: 'send-renewals',
    schedule: '30 14 * * *',
    handler: 'sendRenewalsJob',
    why: 'daily, 9:30 or 10:30 AM in New York, after the morning reminders: once renewals open, one renewal e-mail per returning customer',
  },
  { name: 'delete-orphan-uploads', schedule: '20 * * * *', handler: 'deleteOrphanUploadsJob', why: 'hourly: inspiration uploads no booking links to, 24 hours after upload (docs/decisions/042)' },
  { name: 'waitlist-offers', schedule: '* * * * *', handler: 'waitlistOffersJob', why: 'the waitlist: stale offers end, freed slots are offered in line (within a minute of freeing)' },
] as const;
