/**
 * The hooks' small bundle (lib/date-reads.js): the read routes the booking calendar asks
 * on every visit and date click, without the rest of lib/app.js (docs/decisions/018).
 *
 * When every pooled JSVM runtime is busy, PocketBase answers on a runtime built for that one
 * request, which must load the library its handler requires: lib/app.js (1.3 MB, zod and the
 * ZIP-code table) costs such a runtime about 25 ms of CPU and 6 MB, this bundle under 1 ms.
 * What it holds is also in lib/app.js; the values both keep (lib/kept.ts) share their
 * generations through the app's store, so either bundle's copy is dropped by the same change.
 */
export { seasonRoute } from './bookings/season-route';
export { availabilityRoute } from './bookings/availability-route';
export { noticeRoute } from './bookings/notice-route';
export { fullDaysRoute } from './bookings/full-days-route';
