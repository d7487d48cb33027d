/**
 * Analytics events (docs/product.md §3 analytics_events, §7 "insert on every page view";
 * docs/decisions/039).
 *
 * Pure rules shared by the browser (which builds the event) and the server hook (which
 * re-validates every anonymous insert): the allowed values, the length caps of the
 * `analytics_events` collection, and the user-agent classification. No I/O, no globals, so it
 * runs in the browser, in Node tests and in PocketBase's JSVM.
 *
 * Visitors record page views and shares only. Conversions and countries are figures the
 * Overview reports as facts, so only the server writes them: a conversion when a deposit is
 * paid (pb_hooks lib/payments/settle-payment.ts), a country never yet (nothing the server
 * trusts tells it).
 */

import { normalizeText } from '../text';
import { isAdminPath } from './admin-links';
import { oneOfOr } from '../one-of';

/** Every event type a stored row may have. */
export const ANALYTICS_EVENT_TYPES = ['page_view', 'share', 'conversion'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** The event types an anonymous visitor may record. */
export const VISITOR_EVENT_TYPES = ['page_view', 'share'] as const;
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number];

// In admin-links.ts, which every page's first script has anyway: the page-view hook needs only
// this check, and the recorder's rules below load on idle (web/src/lib/use-page-views.ts).
export { isAdminPath };

export const DEVICE_TYPES = ['tablet', 'mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const BROWSERS = ['Firefox', 'Chrome', 'Safari', 'Edge', 'Other'] as const;
export type Browser = (typeof BROWSERS)[number];

/**
 * Maximum lengths (in characters) of the text fields, matching the collection's field limits
 * (pb_migrations …create_site_data.js), plus the largest metadata object accepted, measured as
 * its JSON text.
 */
export const ANALYTICS_LIMITS = {
  page_path: 500,
  referrer: 1000,
  utm: 200,
  location_country: 64,
  session_id: 100,
  user_agent: 500,
  metadataJson: 2000,
} as const;

/** One row of `analytics_events` as stored (every text field present, possibly empty). */
export interface AnalyticsEventRecord {
  event_type: AnalyticsEventType;
  page_path: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  location_country: string;
  device_type: DeviceType;
  browser: Browser;
  session_id: string;
  user_agent: string;
  converted: boolean;
  metadata: Record<string, unknown>;
}

export type AnalyticsResult = { ok: true; value: AnalyticsEventRecord } | { ok: false; message: string };

/**
 * Classifies a user agent as tablet, mobile or desktop.
 *
 * iPadOS 13+ sends a desktop Safari ("Macintosh") user agent; pass the browser's
 * `navigator.maxTouchPoints` so such an iPad counts as a tablet (a Mac has 0 touch points).
 */
export function deviceTypeFromUserAgent(userAgent: string, maxTouchPoints = 0): DeviceType {
  const ua = userAgent || '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b/i.test(ua)) return 'tablet';
  // Android phones say "Mobile"; Android without it is a tablet.
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return 'tablet';
  if (/Macintosh/i.test(ua) && maxTouchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini|Windows Phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * Names the browser family of a user agent: Firefox, Chrome, Safari, Edge or Other.
 *
 * Order matters because every Chromium browser also says "Chrome" and "Safari": Edge first, then
 * the other Chromium brands that are not Chrome (Opera, Samsung Internet…) as Other.
 */
export function browserFromUserAgent(userAgent: string): Browser {
  const ua = userAgent || '';
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\b(OPR|Opera|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi)\//.test(ua)) return 'Other';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/(Chrome|CriOS|Chromium)\//.test(ua)) return 'Chrome'; // also HeadlessChrome
  if (/\bSafari\//.test(ua) && /\b(Version|Mobile)\//.test(ua)) return 'Safari';
  return 'Other';
}

/**
 * Normalises a value as every free-text field is (domain/text.ts: control and invisible
 * characters dropped, trimmed; they would only make the admin view unreadable) and caps it at
 * `max` characters (code points).
 */
function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const chars = Array.from(normalizeText(value, 'line'));
  return chars.length > max ? chars.slice(0, max).join('') : chars.join('');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates and normalises an analytics event from an untrusted source (the browser, or the
 * body of an anonymous create request).
 *
 * - `event_type` must be page_view or share (VISITOR_EVENT_TYPES), and `page_path` a path
 *   starting with "/" outside the admin's pages (isAdminPath); otherwise `{ ok: false, message }`.
 * - Text fields are normalised (domain/text.ts: trimmed, control and invisible characters
 *   dropped) and capped at ANALYTICS_LIMITS; non-strings become ''. `session_id` keeps only letters, digits, '-' and '_'.
 * - `device_type` and `browser` outside their enums are derived from `user_agent` instead.
 * - `converted` and `location_country` are ignored: always false and ''. `metadata` must be a
 *   plain object (missing means {}) whose JSON is at most ANALYTICS_LIMITS.metadataJson
 *   characters.
 * - Unknown keys are dropped.
 */
export function normalizeAnalyticsEvent(input: unknown): AnalyticsResult {
  if (!isPlainObject(input)) return { ok: false, message: 'Event must be an object' };

  const eventType = oneOfOr(VISITOR_EVENT_TYPES, input.event_type, undefined);
  if (!eventType) return { ok: false, message: 'Invalid event type' };

  const pagePath = cleanText(input.page_path, ANALYTICS_LIMITS.page_path);
  if (!pagePath.startsWith('/')) return { ok: false, message: 'Invalid page path' };
  if (isAdminPath(pagePath)) return { ok: false, message: 'Admin pages are not recorded' };

  let metadata: Record<string, unknown> = {};
  if (input.metadata !== undefined && input.metadata !== null) {
    if (!isPlainObject(input.metadata)) return { ok: false, message: 'Metadata must be an object' };
    let json: string;
    try {
      json = JSON.stringify(input.metadata);
    } catch {
      return { ok: false, message: 'Metadata must be plain data' };
    }
    if (json.length > ANALYTICS_LIMITS.metadataJson) return { ok: false, message: 'Metadata is too large' };
    metadata = JSON.parse(json) as Record<string, unknown>;
  }

  const userAgent = cleanText(input.user_agent, ANALYTICS_LIMITS.user_agent);
  return {
    ok: true,
    value: {
      event_type: eventType,
      page_path: pagePath,
      referrer: cleanText(input.referrer, ANALYTICS_LIMITS.referrer),
      utm_source: cleanText(input.utm_source, ANALYTICS_LIMITS.utm),
      utm_medium: cleanText(input.utm_medium, ANALYTICS_LIMITS.utm),
      utm_campaign: cleanText(input.utm_campaign, ANALYTICS_LIMITS.utm),
      location_country: '',
      device_type: oneOfOr(DEVICE_TYPES, input.device_type, undefined) ?? deviceTypeFromUserAgent(userAgent),
      browser: oneOfOr(BROWSERS, input.browser, undefined) ?? browserFromUserAgent(userAgent),
      session_id: cleanText(input.session_id, ANALYTICS_LIMITS.session_id).replace(/[^A-Za-z0-9_-]/g, ''),
      user_agent: userAgent,
      converted: false,
      metadata,
    },
  };
}
