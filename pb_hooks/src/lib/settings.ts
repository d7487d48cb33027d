/**
 * Business settings read from the `settings` collection (docs/architecture.md readings 3, 4 and 16):
 * season window overrides, the number of crews, blocked dates and the maximum service
 * distance. Missing or malformed values fall back to the defaults, so a bad setting never
 * breaks booking.
 *
 * Kept between calls (lib/kept.ts, docs/decisions/018): every availability answer needs them,
 * and reading them took three of its four queries.
 */
import { seasonFor, seasonOfInstall, type DateContext, type SeasonOverrides } from '@domain/schedule/season';
import { DEFAULT_MAX_SERVICE_MILES } from '@domain/place/service-area';
import { CREWS_RANGE, SERVICE_MILES_RANGE } from '@domain/admin/site-settings';
import { noticeFrom, type NoticeHours } from '@domain/schedule/notice';
import { bufferFrom } from '@domain/schedule/travel-buffer';
import { today } from './clock';
import { kept } from './kept';

// The keys read here; others (the calendar feed's secret) stay out of the kept copy.
const KEYS = ['season', 'capacity', 'max_service_miles', 'notice', 'travel_buffer_minutes'] as const;
type Key = (typeof KEYS)[number];

function parseJson(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** The values of KEYS (parsed JSON; null when missing or malformed). */
function settingValues(app: CoreApp): Partial<Record<Key, unknown>> {
  return kept(app, 'settings', 'values', () => {
    const values: Partial<Record<Key, unknown>> = {};
    const rows = app.findRecordsByFilter('settings', KEYS.map((k) => `key = '${k}'`).join(' || '), '', 0, 0);
    for (const r of rows) values[r!.getString('key') as Key] = parseJson(r!.getString('value'));
    return values;
  });
}

function settingValue(app: CoreApp, key: Key): unknown {
  return settingValues(app)[key] ?? null;
}

/** Season window overrides (key `season`), or {} for the docs/product.md pattern. */
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

/**
 * The customers' minimum notice in hours (key `notice`, domain/schedule/notice.ts noticeFrom):
 * 48 before any package's visit and 24 before a consultation unless the owner set otherwise.
 */
export function loadNotice(app: CoreApp): NoticeHours {
  return noticeFrom(settingValue(app, 'notice'));
}

/** The travel buffer in minutes (key `travel_buffer_minutes`, domain/schedule/travel-buffer.ts); 30 by default. */
export function loadTravelBuffer(app: CoreApp): number {
  return bufferFrom(settingValue(app, 'travel_buffer_minutes'));
}

/** All blocked dates (`YYYY-MM-DD`). Kept: never change the set. */
export function loadBlockedDates(app: CoreApp): ReadonlySet<string> {
  return kept(app, 'blocked_dates', 'all', () => {
    const records = app.findRecordsByFilter('blocked_dates', "blocked_date != ''", '', 0, 0);
    return new Set(records.map((r) => r!.getString('blocked_date')));
  });
}

/** Today, the season being sold and the blocked dates: what every date check needs. */
export function loadDateContext(app: CoreApp): DateContext {
  const t = today();
  return { today: t, season: seasonFor(t, loadSeasonOverrides(app)), blocked: loadBlockedDates(app) };
}

/**
 * Today, the season of the booking installed on `installDate` (not the one being sold: from
 * December 24 that is next year's) and the blocked dates: what a booking's visit move or added
 * removal is checked against (domain/schedule/season.ts seasonOfInstall).
 */
export function loadBookingDateContext(app: CoreApp, installDate: string): DateContext {
  const t = today();
  return { today: t, season: seasonOfInstall(installDate, t, loadSeasonOverrides(app)), blocked: loadBlockedDates(app) };
}
