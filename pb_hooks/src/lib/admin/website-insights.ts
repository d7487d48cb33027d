/**
 * The website half of the admin's Overview (docs/product.md §9 Revenue and insights): page views,
 * unique sessions, conversions and their rate, traffic sources, top countries and devices.
 *
 * Counted in SQL, never by loading events, and incrementally: events are only ever appended
 * through the API (no update or delete rule), so a running tally of every event up to a
 * SQLite rowid is kept in the app's shared store and each call adds only the events stored
 * since (grouped in SQL by the columns the Overview reads). The first call after a start
 * tallies everything; a superuser's change or deletion of an event (record hooks in main.ts)
 * bumps a generation number so the next call starts over. The tally's rules are in
 * domain/admin/insights.ts.
 */
import { addEventGroups, emptyTally, websiteFromTally, type EventGroup, type EventTally, type WebsiteInsights } from '@domain/admin/insights';

const TALLY_KEY = 'insights.websiteTally';
const GENERATION_KEY = 'insights.websiteGeneration';

/** A tally of every event with a rowid up to `lastRowid`, valid for one generation. */
interface StoredTally extends EventTally {
  generation: number;
  lastRowid: number;
}

// Event groups in a rowid range: a walk of the table's own b-tree over the new rows only.
const GROUPS_SQL = `
  SELECT event_type AS eventType, CAST(converted AS INTEGER) AS converted, device_type AS device,
         location_country AS country, utm_source AS utm, referrer, COUNT(*) AS n
  FROM analytics_events WHERE rowid > {:from} AND rowid <= {:to}
  GROUP BY event_type, converted, device_type, location_country, utm_source, referrer`;

// Sessions first seen in a rowid range. The unary + keeps SQLite from reading the outer query
// through the event_type index (all page views) instead of the rowid range; the NOT EXISTS is
// one lookup in idx_analytics_type_session per new page view.
const NEW_SESSIONS_SQL = `
  SELECT COUNT(DISTINCT a.session_id) AS n FROM analytics_events a
  WHERE a.rowid > {:from} AND a.rowid <= {:to} AND +a.event_type = 'page_view' AND a.session_id != ''
    AND NOT EXISTS (
      SELECT 1 FROM analytics_events b
      WHERE b.event_type = 'page_view' AND b.session_id = a.session_id AND b.rowid <= {:from})`;

// Every session at once (the first tally), through idx_analytics_type_session.
const ALL_SESSIONS_SQL = `
  SELECT COUNT(DISTINCT session_id) AS n FROM analytics_events
  WHERE event_type = 'page_view' AND session_id != '' AND rowid <= {:to}`;

function count(app: CoreApp, sql: string, params: Record<string, number> = {}): number {
  const row = new DynamicModel({ n: 0 }) as unknown as { n: number };
  app
    .db()
    .newQuery(sql)
    .bind(params as unknown as dbx.Params)
    .one(row);
  return Number(row.n);
}

function groupsBetween(app: CoreApp, from: number, to: number): EventGroup[] {
  const rows = arrayOf(new DynamicModel({ eventType: '', converted: 0, device: '', country: '', utm: '', referrer: '', n: 0 })) as unknown as {
    eventType: string;
    converted: number;
    device: string;
    country: string;
    utm: string;
    referrer: string;
    n: number;
  }[];
  app
    .db()
    .newQuery(GROUPS_SQL)
    .bind({ from, to } as unknown as dbx.Params)
    .all(rows);
  return rows.map((r) => ({
    eventType: String(r.eventType),
    converted: Number(r.converted) === 1,
    device: String(r.device),
    country: String(r.country),
    utm: String(r.utm),
    referrer: String(r.referrer),
    count: Number(r.n),
  }));
}

function generation(): number {
  return Number($app.store().get(GENERATION_KEY)) || 0;
}

function storedTally(current: number): StoredTally | null {
  const raw = $app.store().get(TALLY_KEY);
  if (typeof raw !== 'string') return null;
  try {
    const tally = JSON.parse(raw) as StoredTally;
    return tally.generation === current ? tally : null;
  } catch {
    return null;
  }
}

/** The tally of every stored event: the kept one plus the events stored since. */
function currentTally(app: CoreApp): StoredTally {
  const gen = generation();
  const to = count(app, 'SELECT COALESCE(MAX(rowid), 0) AS n FROM analytics_events');
  const kept = storedTally(gen);
  const base: StoredTally = kept && kept.lastRowid <= to ? kept : { ...emptyTally(), generation: gen, lastRowid: 0 };
  if (base.lastRowid === to) return base;

  const from = base.lastRowid;
  const next = addEventGroups(base, groupsBetween(app, from, to)) as StoredTally;
  next.sessions += from === 0 ? count(app, ALL_SESSIONS_SQL, { to }) : count(app, NEW_SESSIONS_SQL, { from, to });
  next.lastRowid = to;
  // A tally computed across a generation change is stored under the old number, so it is
  // never read back.
  $app.store().set(TALLY_KEY, JSON.stringify(next));
  return next;
}

/**
 * Website insights over every stored event. `ownHosts` are the site's own hosts or origins
 * (APP_URL, the request's Host): a referrer from them is direct.
 */
export function websiteInsights(app: CoreApp, ownHosts: readonly string[]): WebsiteInsights {
  return websiteFromTally(currentTally(app), ownHosts);
}

/**
 * Record hook (after a successful update or delete of an analytics event, which only a
 * superuser can do): the kept tally no longer matches the table, so the next call starts over.
 */
export function forgetWebsiteTally(e: core.RecordEvent): void {
  e.next();
  $app.store().setFunc(GENERATION_KEY, (old: unknown) => (Number(old) || 0) + 1);
}
