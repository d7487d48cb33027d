/**
 * What the admin may store in `settings` and `blocked_dates` (docs/decisions/015 Settings; docs/architecture.md
 * decisions 3, 4 and 16): the season windows, the number of crews and the maximum service
 * distance, each checked so a malformed value is refused with a plain sentence instead of
 * silently falling back to the default where it is read (pb_hooks/src/lib/settings.ts).
 */
import { addDays, isYmd } from '../schedule/calendar';
import { PACKAGE_SLUGS } from '../catalog';
import { NOTICE_HOURS_RANGE, isNoticeHours } from '../schedule/notice';
import { BUFFER_MINUTES_RANGE, isBufferMinutes } from '../schedule/travel-buffer';
import { OFFER_HOURS_RANGE, offerHoursFrom } from '../waitlist/waitlist';

/** The `settings` keys the admin edits. Others (such as the calendar feed's token) are the server's. */
export const EDITABLE_SETTING_KEYS = ['season', 'capacity', 'max_service_miles', 'google_review_url', 'notice', 'travel_buffer_minutes', 'waitlist'] as const;
export type EditableSettingKey = (typeof EDITABLE_SETTING_KEYS)[number];

/** Crews working at once (key `capacity`, `{ crews }`). */
export const CREWS_RANGE = { min: 1, max: 20 } as const;
/** The farthest address served, in miles (key `max_service_miles`). */
export const SERVICE_MILES_RANGE = { min: 1, max: 1000 } as const;
/** Longest Google review link stored (key `google_review_url`). */
export const GOOGLE_REVIEW_URL_MAX = 500;
/** Longest blocked-date reason, as the collection's field allows. */
export const BLOCKED_REASON_MAX = 200;

export const SETTINGS_MESSAGES = {
  unknownKey: 'This setting cannot be changed here.',
  waitlist: `The waitlist's offer window must be a whole number of hours from ${OFFER_HOURS_RANGE.min} to ${OFFER_HOURS_RANGE.max}.`,
  seasonShape: 'The season must be given as install, removal and consultation windows, each with a start and an end date.',
  removalAfterInstall: 'Removals must start after the last installation date.',
  crews: `The number of crews must be a whole number from ${CREWS_RANGE.min} to ${CREWS_RANGE.max}.`,
  miles: `The maximum service distance must be a number of miles from ${SERVICE_MILES_RANGE.min} to ${SERVICE_MILES_RANGE.max}.`,
  blockedDate: 'Please enter a real date (YYYY-MM-DD).',
  reasonTooLong: `The reason must be less than ${BLOCKED_REASON_MAX} characters`,
  googleReviewUrl: 'The Google review link must be a full web address starting with https://, or empty.',
  notice: `The minimum notice must be given in whole hours from ${NOTICE_HOURS_RANGE.min} to ${NOTICE_HOURS_RANGE.max}, for each package and for consultations.`,
  buffer: `The travel buffer must be a whole number of minutes from ${BUFFER_MINUTES_RANGE.min} to ${BUFFER_MINUTES_RANGE.max}.`,
} as const;

const WINDOW_NAMES = { install: 'installation', removal: 'removal', consultation: 'consultation' } as const;
type WindowName = keyof typeof WINDOW_NAMES;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function windowProblem(name: WindowName, w: unknown): string | null {
  const label = WINDOW_NAMES[name];
  if (!isPlainObject(w) || !isYmd(w.start) || !isYmd(w.end)) return `The ${label} window needs a start and an end date (YYYY-MM-DD).`;
  if (w.end < w.start) return `The ${label} window must end on or after its start.`;
  if (w.end > addDays(w.start, 365)) return `The ${label} window can be at most a year long.`;
  return null;
}

function seasonProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return SETTINGS_MESSAGES.seasonShape;
  for (const name of Object.keys(value)) {
    if (!(name in WINDOW_NAMES)) return SETTINGS_MESSAGES.seasonShape;
    const problem = windowProblem(name as WindowName, value[name]);
    if (problem) return problem;
  }
  const install = value.install as { end: string } | undefined;
  const removal = value.removal as { start: string } | undefined;
  if (install && removal && removal.start <= install.end) return SETTINGS_MESSAGES.removalAfterInstall;
  return null;
}

/** https://, a host of dot-separated labels (no credentials: no '@'), an optional port, then any path without spaces. */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/;

/**
 * Whether `value` is a link customers may be sent to: an https:// URL with a host, without
 * credentials, at most GOOGLE_REVIEW_URL_MAX characters ('' clears the setting).
 */
function googleReviewUrlOk(value: unknown): boolean {
  if (value === '') return true;
  // A regular expression, not URL: the hooks' JavaScript runtime has no URL.
  return typeof value === 'string' && value.length <= GOOGLE_REVIEW_URL_MAX && HTTPS_URL.test(value);
}

/** `{ visit_hours: { <every package slug>: hours }, consultation_hours }`, whole hours in NOTICE_HOURS_RANGE, nothing else. */
function noticeOk(value: unknown): boolean {
  if (!isPlainObject(value) || !isPlainObject(value.visit_hours)) return false;
  if (Object.keys(value).some((k) => k !== 'visit_hours' && k !== 'consultation_hours')) return false;
  const hours = value.visit_hours;
  if (Object.keys(hours).some((k) => !(PACKAGE_SLUGS as readonly string[]).includes(k))) return false;
  return PACKAGE_SLUGS.every((slug) => isNoticeHours(hours[slug])) && isNoticeHours(value.consultation_hours);
}

function inRange(n: unknown, range: { min: number; max: number }): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= range.min && n <= range.max;
}

/**
 * Why `value` cannot be stored under settings key `key`, or null when it can:
 * - `season`: `{ install?, removal?, consultation? }`, each `{ start, end }` real YYYY-MM-DD
 *   dates, start ≤ end, at most a year long, removals starting after the last install ({} =
 *   docs/product.md's dates for the season being sold);
 * - `capacity`: `{ crews }`, a whole number from 1 to 20;
 * - `max_service_miles`: a number of miles from 1 to 1000;
 * - `google_review_url`: the business's Google review page, an https:// URL, or '' for none
 *   (offered after a 5-star review, docs/product.md §4 Review);
 * - `notice`: the customers' minimum notice (domain/schedule/notice.ts), `{ visit_hours: {
 *   <package slug>: hours } for every package, consultation_hours }`, whole hours from 0 to 720;
 * - `travel_buffer_minutes`: the travel buffer (domain/schedule/travel-buffer.ts), whole minutes
 *   from 0 to 240;
 * - `waitlist`: `{ offer_hours }`, how long a waitlist offer holds its slot (domain/waitlist/waitlist.ts),
 *   whole hours from 1 to 72;
 * - any other key: not editable.
 */
export function settingValueProblem(key: string, value: unknown): string | null {
  switch (key) {
    case 'season':
      return seasonProblem(value);
    case 'capacity': {
      const crews = isPlainObject(value) ? value.crews : undefined;
      return Number.isInteger(crews) && inRange(crews, CREWS_RANGE) ? null : SETTINGS_MESSAGES.crews;
    }
    case 'max_service_miles':
      return inRange(value, SERVICE_MILES_RANGE) ? null : SETTINGS_MESSAGES.miles;
    case 'google_review_url':
      return googleReviewUrlOk(value) ? null : SETTINGS_MESSAGES.googleReviewUrl;
    case 'notice':
      return noticeOk(value) ? null : SETTINGS_MESSAGES.notice;
    case 'travel_buffer_minutes':
      return isBufferMinutes(value) ? null : SETTINGS_MESSAGES.buffer;
    case 'waitlist':
      return isPlainObject(value) && offerHoursFrom(value) === value.offer_hours ? null : SETTINGS_MESSAGES.waitlist;
    default:
      return SETTINGS_MESSAGES.unknownKey;
  }
}

/** Why a blocked date (a real YYYY-MM-DD date, an optional reason) cannot be stored, or null. */
export function blockedDateProblem(date: unknown, reason: unknown): string | null {
  if (!isYmd(date)) return SETTINGS_MESSAGES.blockedDate;
  if (typeof reason === 'string' && reason.length > BLOCKED_REASON_MAX) return SETTINGS_MESSAGES.reasonTooLong;
  return null;
}
