/**
 * Business settings read from the `settings` collection (docs/architecture.md readings 3, 4 and 16)
 * and the owner's seasons (`seasons`, domain/schedule/seasons.ts): season windows, the number
 * of crews, blocked dates and the maximum service distance. Missing or malformed values fall back to the defaults, so a bad setting never
 * breaks booking.
 *
 * Kept between calls (lib/kept.ts, docs/decisions/018): every availability answer needs them,
 * and reading them took three of its four queries.
 */
import { WORK_DAYS, type DateContext, type SeasonOverrides } from '@domain/schedule/season';
import { closingHoursFrom, seasonOfBooking, seasonRecordOfBooking, soldSeason, soldSeasonRecord, type EarlyBird, type SeasonRecord } from '@domain/schedule/seasons';
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

/** The `seasons` record `r` as domain/schedule/seasons.ts reads it. */
export function seasonRecordOf(r: core.Record): SeasonRecord {
  const days = parseJson(r.getString('work_days'));
  const kind = r.getString('early_bird_kind');
  const earlyBird: EarlyBird | null = kind === 'percent' || kind === 'amount' ? { kind, value: r.getInt('early_bird_value'), until: r.getString('early_bird_until') } : null;
  return {
    year: r.getInt('year'),
    install: { start: r.getString('install_start'), end: r.getString('install_end') },
    removal: { start: r.getString('removal_start'), end: r.getString('removal_end') },
    consultation: { start: r.getString('consultation_start'), end: r.getString('consultation_end') },
    workDays: Array.isArray(days) && days.length > 0 ? days.map(Number) : [...WORK_DAYS],
    closingHours: closingHoursFrom(parseJson(r.getString('closing_hours'))),
    renewalsOpen: r.getString('renewals_open'),
    publicOpens: r.getString('public_opens'),
    earlyBird,
  };
}

/** Every season the owner set (`seasons`), by year. Kept: never change the list. */
export function loadSeasonRecords(app: CoreApp): readonly SeasonRecord[] {
  return kept(app, 'seasons', 'all', () => app.findRecordsByFilter('seasons', 'year > 0', 'year', 0, 0).map((r) => seasonRecordOf(r!)));
}

/** The record of the season being sold today, or null when the owner set none for its year. */
export function loadSoldSeasonRecord(app: CoreApp): SeasonRecord | null {
  return soldSeasonRecord(today(), loadSeasonRecords(app));
}

/** The record of the season a booking installed on `installDate` belongs to, or null without one. */
export function loadBookingSeasonRecord(app: CoreApp, installDate: string): SeasonRecord | null {
  return seasonRecordOfBooking(installDate, loadSeasonRecords(app));
}

/**
 * Today, the season being sold (its `seasons` record, else the pattern with the older
 * `settings` override) and the blocked dates: what every date check needs.
 */
export function loadDateContext(app: CoreApp): DateContext {
  const t = today();
  return { today: t, season: soldSeason(t, loadSeasonRecords(app), loadSeasonOverrides(app)), blocked: loadBlockedDates(app) };
}

/**
 * Today, the season of the booking installed on `installDate` (not the one being sold: from
 * December 24 that is next year's) and the blocked dates: what a booking's visit move or added
 * removal is checked against (domain/schedule/seasons.ts seasonOfBooking: its year's record,
 * else season.ts seasonOfInstall).
 */
export function loadBookingDateContext(app: CoreApp, installDate: string): DateContext {
  const t = today();
  return { today: t, season: seasonOfBooking(installDate, t, loadSeasonRecords(app), loadSeasonOverrides(app)), blocked: loadBlockedDates(app) };
}
