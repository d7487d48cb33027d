/**
 * The calendar feed's secret token (docs/decisions/015 Calendar feed; docs/decisions/012): one `settings`
 * row (key calendar_feed, value { token }) that the collection's rules hide from everyone,
 * the admin included, so it leaves the server only inside the feed URL the admin asks for.
 * Rotating replaces it, which revokes every copy of the old URL at once (the rotate command,
 * domain/commands/calendar-feed-rotate-command.ts).
 */
import { CALENDAR_FEED_KEY as KEY } from '@domain/commands/calendar-feed-rotate-command';
import { findRecordBy } from '../records';

/** 40 characters of [A-Za-z0-9] from a cryptographic source: about 238 bits. */
const TOKEN_LENGTH = 40;

/** A new token (not stored): for the rotation (calendar-feed-routes.ts) and the first one. */
export function newFeedToken(): string {
  return $security.randomString(TOKEN_LENGTH);
}

/** The feed's `settings` row, or null before a token exists. */
export function feedRow(app: CoreApp): core.Record | null {
  return findRecordBy(app, 'settings', 'key', KEY);
}

function tokenOf(row: core.Record | null): string {
  if (!row) return '';
  try {
    const value = JSON.parse(row.getString('value') || 'null') as { token?: unknown } | null;
    return typeof value?.token === 'string' ? value.token : '';
  } catch {
    return '';
  }
}

function storeNewToken(app: CoreApp, row: core.Record | null): string {
  const token = newFeedToken();
  const rec = row ?? new Record(app.findCollectionByNameOrId('settings'));
  rec.set('key', KEY);
  rec.set('value', { token });
  app.save(rec);
  return token;
}

/** The current token, or '' when none was created yet. */
export function currentFeedToken(app: CoreApp): string {
  return tokenOf(feedRow(app));
}

/** The current token, created on first use (in one transaction, so two first calls agree). */
export function ensureFeedToken(app: CoreApp): string {
  let token = '';
  app.runInTransaction((tx) => {
    const row = feedRow(tx);
    token = tokenOf(row) || storeNewToken(tx, row);
  });
  return token;
}

/** Whether `given` is the current token, compared in constant time; never true without one. */
export function isFeedToken(app: CoreApp, given: string): boolean {
  const token = currentFeedToken(app);
  return token.length > 0 && $security.equal(given, token);
}
