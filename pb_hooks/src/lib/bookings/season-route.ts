/**
 * GET /api/fn/season: today in the business time zone and the season's date windows, so the
 * date pickers disable exactly what the server refuses (docs/product.md §5 Dates).
 * With `?installDate=YYYY-MM-DD`, the season of the booking installed then (its visits' moves).
 * Response: { today, season: { year, install, removal, consultation, workDays?, closingHours? },
 * workDays, closingHours: { "0": 18, …, "6": 21 } } (every weekday's closing hour, the
 * pattern where the season set none: domain/schedule/slots.ts closingWeek), `crews` (the crews
 * working at once, settings key `capacity`: the admin Schedule works its full days out with it), and
 * when the owner set that season (domain/schedule/seasons.ts): `opening` { date, message } while
 * public booking has not opened (the wizard and the home page say so instead of offering
 * dates; checkout answers 409 with the message), `earlyBird` { kind, value, until } while its
 * early-bird price runs (shown in the wizard's price; the server prices checkout itself).
 */
import { WORK_DAYS } from '@domain/schedule/season';
import { publicBookingClosed, type EarlyBird } from '@domain/schedule/seasons';
import { isYmd } from '@domain/schedule/calendar';
import { closingWeek } from '@domain/schedule/slots';
import { queryParam } from '../http';
import { loadBookingDateContext, loadBookingSeasonRecord, loadCrews, loadDateContext, loadSoldSeasonRecord } from '../settings';

export function seasonRoute(e: core.RequestEvent): void {
  const installDate = queryParam(e, 'installDate');
  const ctx = isYmd(installDate) ? loadBookingDateContext($app, installDate) : loadDateContext($app);
  const rec = isYmd(installDate) ? loadBookingSeasonRecord($app, installDate) : loadSoldSeasonRecord($app);
  const closed = publicBookingClosed(ctx.today, rec);
  const eb: EarlyBird | null = rec?.earlyBird && ctx.today <= rec.earlyBird.until ? rec.earlyBird : null;
  return e.json(200, {
    today: ctx.today,
    season: ctx.season,
    workDays: ctx.season.workDays ?? WORK_DAYS,
    closingHours: Object.fromEntries(closingWeek(ctx.season.closingHours).map((hour, day) => [day, hour])),
    crews: loadCrews($app),
    ...(closed && rec ? { opening: { date: rec.publicOpens, message: closed } } : {}),
    ...(eb ? { earlyBird: eb } : {}),
  });
}
