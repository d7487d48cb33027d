/**
 * Analytics recording for the browser (docs/product.md §3 analytics_events, §7 "Analytics event
 * recording"). A plain `fetch` POST to PocketBase's records API, not the PocketBase SDK, so the
 * public pages stay within their JavaScript budget. Recording never throws and never blocks:
 * a failure is only logged (docs/product.md §8 "Tracking failures are only logged").
 * Visitors record page views and shares; conversions are the server's (docs/decisions/039).
 */
import { browserFromUserAgent, deviceTypeFromUserAgent, normalizeAnalyticsEvent, type VisitorEventType } from '@domain/admin/analytics';
import { logWarning } from '@/lib/log';

const ENDPOINT = '/api/collections/analytics_events/records';
const SESSION_KEY = 'ta-analytics-session';
const UTM_KEY = 'ta-analytics-utm';
const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
type Utm = Record<(typeof UTM_FIELDS)[number], string>;

let memorySession = '';

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The analytics session id: one random id per browser session (tab), kept in sessionStorage.
 * Falls back to an in-memory id where storage is blocked (private modes, sandboxed frames).
 */
export function analyticsSessionId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = randomId();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    memorySession ||= randomId();
    return memorySession;
  }
}

/**
 * UTM values of the landing URL. They are remembered for the session so later page views keep
 * the campaign that brought the visitor (the query is gone after the first in-app navigation).
 */
function campaign(search: string): Utm {
  const params = new URLSearchParams(search);
  const fromQuery = Object.fromEntries(UTM_FIELDS.map((k) => [k, params.get(k) ?? ''])) as Utm;
  try {
    if (UTM_FIELDS.some((k) => fromQuery[k])) {
      sessionStorage.setItem(UTM_KEY, JSON.stringify(fromQuery));
      return fromQuery;
    }
    const saved = JSON.parse(sessionStorage.getItem(UTM_KEY) ?? 'null') as Partial<Utm> | null;
    return { utm_source: saved?.utm_source ?? '', utm_medium: saved?.utm_medium ?? '', utm_campaign: saved?.utm_campaign ?? '' };
  } catch {
    return fromQuery;
  }
}

export interface RecordEventOptions {
  metadata?: Record<string, unknown>;
  /** The query the page was opened with, when recording later than that (default: the current one). */
  search?: string;
}

/**
 * Records one analytics event for `pagePath` (a path such as "/services"; never include the
 * query, which can hold review tokens or payment session ids). Resolves when the request has
 * finished; it never rejects.
 *
 * @example recordEvent('share', '/portfolio', { metadata: { network: 'facebook' } })
 */
export async function recordEvent(eventType: VisitorEventType, pagePath: string, { metadata = {}, search = location.search }: RecordEventOptions = {}): Promise<void> {
  try {
    const userAgent = navigator.userAgent;
    const event = normalizeAnalyticsEvent({
      event_type: eventType,
      page_path: pagePath,
      referrer: document.referrer,
      ...campaign(search),
      device_type: deviceTypeFromUserAgent(userAgent, navigator.maxTouchPoints),
      browser: browserFromUserAgent(userAgent),
      session_id: analyticsSessionId(),
      user_agent: userAgent,
      metadata,
    });
    if (!event.ok) {
      logWarning('Analytics event not recorded:', event.message);
      return;
    }
    const response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event.value),
      credentials: 'omit',
      // keepalive lets an event recorded just before navigating away still arrive.
      keepalive: true,
    });
    if (!response.ok) logWarning('Analytics event not recorded:', response.status);
  } catch (error) {
    logWarning('Analytics event not recorded:', error);
  }
}
