/**
 * The calendar feed's secret token (docs/decisions/015 Calendar feed; docs/decisions/012): one `settings`
 * row (key calendar_feed, value { token }) that the collection's rules hide from everyone,
 * the admin included, so it leaves the server only inside the feed URL the admin asks for.
 * Rotating replaces it, which revokes every copy of the old URL at once.
 */

const KEY = 'calendar_feed';
/** 40 characters of [A-Za-z0-9] from a cryptographic source: about 238 bits. */
const TOKEN_LENGTH = 40;

function feedRow(app: CoreApp): core.Record | null {
  try {
    return app.findFirstRecordByData('settings', 'key', KEY);
  } catch {
    return null;
  }
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
  const token = $security.randomString(TOKEN_LENGTH);
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

/** Replaces the token with a new one and returns it; the old one stops working at once. */
export function rotateFeedToken(app: CoreApp): string {
  let token = '';
  app.runInTransaction((tx) => {
    token = storeNewToken(tx, feedRow(tx));
  });
  return token;
}

/** Whether `given` is the current token, compared in constant time; never true without one. */
export function isFeedToken(app: CoreApp, given: string): boolean {
  const token = currentFeedToken(app);
  return token.length > 0 && $security.equal(given, token);
}
