/**
 * GET /api/fn/notice: the customers' minimum notice and the server's clock, so the calendars
 * disable the days inside it with the server's rule (domain/schedule/notice.ts) and say why.
 *
 * 200 { nowMs, notice: { visit: { <package slug>: hours }, consultation: hours } }: nowMs the
 * server's instant (epoch ms, pb_hooks/src/lib/clock.ts), the hours as the owner set them
 * (48 per package and 24 unless changed).
 */
import { nowMs } from '../clock';
import { loadNotice } from '../settings';

export function noticeRoute(e: core.RequestEvent): void {
  return e.json(200, { nowMs: nowMs(), notice: loadNotice($app) });
}
