/**
 * The owner's private calendar subscription (docs/decisions/015 Calendar feed; docs/decisions/012):
 *
 * GET  /api/fn/calendar.ics?token=…      open, by secret token: text/calendar of every install,
 *      removal and consultation (calendar-feed/feed-events.ts). 404 'Calendar feed not found.'
 *      for a missing or wrong token (compared in constant time), and before any token exists.
 * GET  /api/fn/calendar-feed             admin only: { url } of the feed, creating the token on
 *      first use.
 * POST /api/fn/calendar-feed/rotate      admin only: a new token → { url }; the old URL stops
 *      working at once. On the command runner (lib/commands/run-command.ts); the rule is
 *      domain/commands/calendar-feed-rotate-command.ts.
 * 401 without a signed-in user and 403 for anyone but an admin on the last two.
 */
import { BUSINESS } from '@domain/business';
import { buildIcs } from '@domain/mail/ics';
import { calendarFeedRotateCommand, calendarFeedUrl, type CalendarFeedRotateState } from '@domain/commands/calendar-feed-rotate-command';
import { ensureFeedToken, feedRow, isFeedToken, newFeedToken } from './feed-token';
import { feedEvents } from './feed-events';
import { nowMs, today } from '../clock';
import { apiError, appOrigin, queryParam } from '../http';
import { requireAdmin } from '../staff-auth';
import { runCommand, type ServerCommand } from '../commands/run-command';

// A calendar name and a polling hint for subscribing apps (RFC 7986 REFRESH-INTERVAL and the
// X-WR-CALNAME / X-PUBLISHED-TTL most apps read), after buildIcs's METHOD line.
const FEED_HEADER = [`X-WR-CALNAME:${BUSINESS.name} schedule`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'].join('\r\n');

export function calendarIcsRoute(e: core.RequestEvent): void {
  if (!isFeedToken($app, queryParam(e, 'token'))) throw apiError(404, 'Calendar feed not found.');
  const ics = buildIcs(feedEvents($app, today()), nowMs(), BUSINESS.name).replace('METHOD:PUBLISH\r\n', `METHOD:PUBLISH\r\n${FEED_HEADER}\r\n`);
  e.response.header().set('Cache-Control', 'private, no-store');
  e.response.header().set('Content-Disposition', 'inline; filename="schedule.ics"');
  return e.blob(200, 'text/calendar; charset=utf-8', ics);
}

export function calendarFeedRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  return e.json(200, { url: calendarFeedUrl(appOrigin(e), ensureFeedToken($app)) });
}

export const calendarFeedRotate: ServerCommand<Record<string, never>, CalendarFeedRotateState, never, { url: string }> = {
  command: calendarFeedRotateCommand,
  path: '/api/fn/calendar-feed/rotate',
  fields: () => ({}),
  load: (tx, _input, ctx) => ({ rowId: feedRow(tx)?.id ?? null, freshToken: newFeedToken(), origin: ctx.origin }),
  respond: (_app, a) => a,
};

export function calendarFeedRotateRoute(e: core.RequestEvent): void {
  runCommand(e, calendarFeedRotate);
}
