/**
 * GET /api/fn/availability?date=YYYY-MM-DD&size=7.5-9ft&kind=install|removal[&installDate=…]
 * [&package=<slug>][&notice=off], and GET /api/fn/availability-for-address with the same and
 * `zip=12345`. `notice=off` is the owner's phone booking (docs/decisions/037), which the notice
 * does not bind: it only informs, since the customer's hold refuses a time inside the notice
 * whatever the calendar showed.
 * Every slot of one date for a tree size and visit kind, with its availability, in one call
 * (docs/architecture.md "Server interface"; docs/product.md §5 Dates, §9 Schedule), as a customer
 * may book it: slots starting inside the package's minimum notice are left out
 * (domain/schedule/notice.ts; without `package`, the longest notice of any package), and with the
 * customer's `zip` a slot whose drive from or to another visit that day does not fit in the
 * gap plus the owner's buffer is unavailable (domain/schedule/travel-buffer.ts).
 *
 * 200 { date, size, kind, closingHour, bookable, reason, noticeHint, slots: [{ id, label, time,
 * startHour, endHour, available }] }. A date that cannot be booked (not a work day, out of
 * season, past, blocked, every slot inside the notice) is bookable: false with the reason and
 * no slots; `noticeHint` ("Bookings need 48 hours' notice.") when slots were left out for it,
 * else null. 400 for malformed parameters. For the signed-in admin's `notice=off` (the owner's
 * phone booking) a slot held only by open waitlist offers is `available` with `offerHeld: true`
 * (domain/waitlist/waitlist.ts markOfferHeld): the phone booking then asks 'Book anyway?'
 * (409 offer_open). Anyone else's answer never names offers: such a slot is not available.
 * The signed-in admin's `notice=off` also offers today, its times not yet started (the others
 * left out; a day whose every time has started: 'Every time on this day has started.'),
 * as the phone booking accepts them (docs/decisions/059).
 */
import { isYmd } from '@domain/schedule/calendar';
import { isPackageSlug, isTreeSize } from '@domain/catalog';
import { visitNoticeHours } from '@domain/schedule/notice';
import { closingHour, type VisitKind } from '@domain/schedule/slots';
import { dayAnswer, type DayRules } from '@domain/schedule/day-answer';
import { isAdmin } from '../staff-auth';
import { keptBookingsOn } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { badRequest, queryParam } from '../http';
import type { CentroidLookup } from '@domain/place/distance';
import { loadBookingDateContext, loadCrews, loadDateContext, loadNotice, loadTravelBuffer } from '../settings';

/** GET /api/fn/availability: the slots as a customer may book them, the travel buffer aside. */
export function availabilityRoute(e: core.RequestEvent): void {
  return availabilityAnswer(e, null);
}

/**
 * The answer of both routes; `centroid` the ZIP centroids for the travel check (null: no check,
 * and a `zip` is refused, 400).
 */
export function availabilityAnswer(e: core.RequestEvent, centroid: CentroidLookup | null): void {
  const date = queryParam(e, 'date');
  if (!isYmd(date)) throw badRequest('Please give the date as YYYY-MM-DD.');
  const rules = dayRulesOf(e);
  const zip = queryParam(e, 'zip');
  if (centroid ? !/^\d{5}$/.test(zip) : zip) throw badRequest('Please give the ZIP code as five digits.');
  const travel = centroid ? { zip, bufferMinutes: loadTravelBuffer($app), centroid } : null;
  const answer = dayAnswer(date, rules, () => keptBookingsOn($app, date), travel);
  return e.json(200, { date, size: rules.size, kind: rules.kind, closingHour: closingHour(date, rules.ctx.season.closingHours), ...answer });
}

/**
 * The day rules a calendar's request asks for (shared with GET /api/fn/full-days): `size`,
 * `kind` (install by default), `installDate` (a booking's visit is checked in that booking's
 * season, its closing hours too), `package` (its notice) and `notice=off` (the owner's phone
 * booking when the caller is the signed-in admin, who may book today at a time not yet started:
 * docs/decisions/059). Throws 400 with a sentence for a malformed parameter.
 */
export function dayRulesOf(e: core.RequestEvent): DayRules {
  const size = queryParam(e, 'size');
  const kind = (queryParam(e, 'kind') || 'install') as VisitKind;
  const installDate = queryParam(e, 'installDate');
  const pkg = queryParam(e, 'package');
  if (!isTreeSize(size)) throw badRequest('Please choose a tree size: 5-7ft, 7.5-9ft or 10-12ft.');
  if (kind !== 'install' && kind !== 'removal') throw badRequest('The visit kind must be install or removal.');
  if (installDate && !isYmd(installDate)) throw badRequest('Please give the installation date as YYYY-MM-DD.');
  if (pkg && !isPackageSlug(pkg)) throw badRequest('Please choose a package: adorned-arrangement, elevated-arbor or curated-christmas.');
  const noticeOff = queryParam(e, 'notice') === 'off';
  const owner = noticeOff && isAdmin(e);
  return {
    size,
    kind,
    installDate: installDate || null,
    ctx: { ...(installDate ? loadBookingDateContext($app, installDate) : loadDateContext($app)), sameDay: owner },
    nowMs: nowMs(),
    noticeHours: noticeOff ? null : visitNoticeHours(loadNotice($app), pkg || null),
    crews: loadCrews($app),
    owner,
  };
}
