/**
 * Business settings read from the `settings` collection (DESIGN.md decisions 3, 4 and 16):
 * season window overrides, the number of crews, blocked dates and the maximum service
 * distance. Missing or malformed values fall back to the defaults, so a bad setting never
 * breaks booking.
 *
 * Kept between calls (docs/decisions/017): every availability answer needs them, and reading
 * them took three of its four queries. Each JSVM runtime keeps the values it read together
 * with the generation they belong to; the generation is a counter in the app's shared store
 * (one for every pooled runtime), which the record hooks in main.ts bump after every committed
 * create, update or delete of a setting or a blocked date, so the next read in every runtime
 * starts over. A write that skips PocketBase's record hooks (raw SQL) is not seen until the
 * next change or restart.
 */
import { seasonFor, type DateContext, type SeasonOverrides } from '@domain/season';
import { DEFAULT_MAX_SERVICE_MILES } from '@domain/service-area';
import { CREWS_RANGE, SERVICE_MILES_RANGE } from '@domain/site-settings';
import { today } from './clock';

const GENERATION_KEY = 'settings.generation';
// The keys read here; others (the calendar feed's secret) stay out of the kept copy.
const KEYS = ['season', 'capacity', 'max_service_miles'] as const;
type Key = (typeof KEYS)[number];

/** The settings values (parsed JSON, null when missing or malformed) and blocked dates of one generation. */
interface SiteSettings {
  generation: number;
  values: Partial<Record<Key, unknown>>;
  blocked: Set<string>;
}

// This runtime's copy. Module state lives as long as the runtime that required lib/app.js.
let kept: SiteSettings | null = null;

function parseJson(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function readSiteSettings(app: CoreApp, generation: number): SiteSettings {
  const values: Partial<Record<Key, unknown>> = {};
  const rows = app.findRecordsByFilter('settings', KEYS.map((k) => `key = '${k}'`).join(' || '), '', 0, 0);
  for (const r of rows) values[r!.getString('key') as Key] = parseJson(r!.getString('value'));
  const blocked = app.findRecordsByFilter('blocked_dates', "blocked_date != ''", '', 0, 0);
  return { generation, values, blocked: new Set(blocked.map((r) => r!.getString('blocked_date'))) };
}

function siteSettings(app: CoreApp): SiteSettings {
  const generation = Number(app.store().get(GENERATION_KEY)) || 0;
  // The generation is read before the records: a change committed meanwhile bumps it past the
  // one stored with them, so the next call reads again.
  if (kept?.generation !== generation) kept = readSiteSettings(app, generation);
  return kept;
}

function settingValue(app: CoreApp, key: Key): unknown {
  return siteSettings(app).values[key] ?? null;
}

/** Season window overrides (key `season`), or {} for the SPEC.md pattern. */
export function loadSeasonOverrides(app: CoreApp): SeasonOverrides {
  const v = settingValue(app, 'season');
  return v && typeof v === 'object' ? (v as SeasonOverrides) : {};
}

/** Crews available at once (key `capacity`, `{ "crews": n }`); 1 by default. */
export function loadCrews(app: CoreApp): number {
  const v = settingValue(app, 'capacity') as { crews?: unknown } | null;
  const n = Number(v?.crews);
  return Number.isInteger(n) && n >= CREWS_RANGE.min && n <= CREWS_RANGE.max ? n : 1;
}

/**
 * The farthest address served, in miles (key `max_service_miles`, a number such as 60);
 * DEFAULT_MAX_SERVICE_MILES when missing or not a number from 1 to 1000.
 */
export function loadMaxServiceMiles(app: CoreApp): number {
  const n = settingValue(app, 'max_service_miles');
  return typeof n === 'number' && Number.isFinite(n) && n >= SERVICE_MILES_RANGE.min && n <= SERVICE_MILES_RANGE.max ? n : DEFAULT_MAX_SERVICE_MILES;
}

/** All blocked dates (`YYYY-MM-DD`). Shared: do not change the set. */
export function loadBlockedDates(app: CoreApp): ReadonlySet<string> {
  return siteSettings(app).blocked;
}

/** Today, the season being sold and the blocked dates: what every date check needs. */
export function loadDateContext(app: CoreApp): DateContext {
  const t = today();
  return { today: t, season: seasonFor(t, loadSeasonOverrides(app)), blocked: loadBlockedDates(app) };
}

/**
 * Record hook (after a committed create, update or delete of a setting or a blocked date):
 * every runtime's kept copy is now out of date, so each reads them again on its next call.
 */
export function forgetSiteSettings(e: core.RecordEvent): void {
  e.next();
  e.app.store().setFunc(GENERATION_KEY, (old: unknown) => (Number(old) || 0) + 1);
}
