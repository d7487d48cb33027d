/**
 * The owner rotates the calendar feed's secret token as a command (docs/decisions/015 Calendar
 * feed; docs/decisions/012): the `settings` row `calendar_feed` gets the new token (made when
 * there is none yet), which revokes every copy of the old feed URL at once. The token is drawn
 * by the server as it loads the state (a random value is no rule); decide writes it and answers
 * the new URL. Rotating again only replaces the token once more, so it needs no key. Pure.
 */
import { decided, type Command } from './command';

/** The `settings` key of the feed's row. */
export const CALENDAR_FEED_KEY = 'calendar_feed';

/** The feed's address for `token` under `origin` (the public origin, no trailing slash). */
export function calendarFeedUrl(origin: string, token: string): string {
  return `${origin}/api/fn/calendar.ics?token=${encodeURIComponent(token)}`;
}

/** The feed's `settings` row id (null: none yet), the new token the server drew, and the public origin. */
export interface CalendarFeedRotateState {
  rowId: string | null;
  freshToken: string;
  origin: string;
}

export const calendarFeedRotateCommand: Command<Record<string, never>, CalendarFeedRotateState, never, { url: string }> = {
  name: 'calendar-feed-rotate',
  parse: () => ({ ok: true, value: {} }),
  idempotency: { by: 'natural', header: 'none', why: 'rotating again only replaces the token once more; the old URL is revoked either way' },
  decide(state) {
    const fields = { key: CALENDAR_FEED_KEY, value: { token: state.freshToken } };
    const change = state.rowId ? { op: 'update' as const, collection: 'settings', id: state.rowId, fields } : { op: 'create' as const, collection: 'settings', fields };
    return decided([change], { url: calendarFeedUrl(state.origin, state.freshToken) });
  },
};
