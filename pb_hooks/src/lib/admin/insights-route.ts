/**
 * GET /api/fn/insights, admin only (docs/product.md §2 Admin dashboard Overview, §9 Revenue and
 * insights; docs/decisions/015): everything the Overview shows, aggregated in SQL on the server.
 *
 * 200 { website: { pageViews, sessions, conversions, conversionRate, trafficSources: { qr_code,
 *   social_media, google_ad, organic, direct }, topCountries: [{ country, count }], devices:
 *   { desktop, mobile, tablet }, topDevice }, bookings: { total, pending, completed, thisMonth },
 *   revenue: { collected, pending, expected }, weekly: [{ weekStart: 'YYYY-MM-DD', deposits,
 *   balances }] }; money in cents, the clock lib/clock.ts's.
 * 401 without a signed-in user; 403 for anyone but an admin.
 */
import { nowMs, today } from '../clock';
import { configuredAppUrl } from '../http';
import { bookingInsights } from './booking-insights';
import { websiteInsights } from './website-insights';
import { requireAdmin } from '../staff-auth';

export function insightsRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const ownHosts = [configuredAppUrl(), e.request!.host].filter(Boolean);
  return e.json(200, { website: websiteInsights($app, ownHosts), ...bookingInsights($app, nowMs(), today()) });
}
