/**
 * Record hook for anonymous inserts into `analytics_events` (docs/product.md §3, §7;
 * docs/decisions/039): every event is validated and normalised by the domain rules (page views
 * and shares only, outside the admin's pages; capped lengths and metadata size; `converted` and
 * the country ignored) before it is stored; a bad event gets a 400 and nothing is stored. The
 * collection's rate limit (pb_migrations) caps how many one visitor can send. Conversions are
 * the server's own rows (lib/payments/payment-conversion.ts).
 */
import { normalizeAnalyticsEvent } from '@domain/admin/analytics';
import { badRequest } from '../http';

export function validateAnalyticsEvent(e: core.RecordRequestEvent): void {
  // Operators and tests seed any row as superusers, as for settings (docs/decisions/012).
  if (e.hasSuperuserAuth()) {
    e.next();
    return;
  }
  const r = e.record!;
  let metadata: unknown = {};
  const rawMetadata = r.getString('metadata');
  if (rawMetadata && rawMetadata !== 'null') {
    try {
      metadata = JSON.parse(rawMetadata);
    } catch {
      throw badRequest('Metadata must be an object');
    }
  }
  const result = normalizeAnalyticsEvent({
    event_type: r.getString('event_type'),
    page_path: r.getString('page_path'),
    referrer: r.getString('referrer'),
    utm_source: r.getString('utm_source'),
    utm_medium: r.getString('utm_medium'),
    utm_campaign: r.getString('utm_campaign'),
    device_type: r.getString('device_type'),
    browser: r.getString('browser'),
    session_id: r.getString('session_id'),
    // Record events expose the request only through requestInfo() in the JSVM.
    user_agent: r.getString('user_agent') || String(e.requestInfo().headers?.['user_agent'] ?? ''),
    metadata,
  });
  if (!result.ok) throw badRequest(result.message);
  r.load(result.value as unknown as Record<string, unknown>);
  e.next();
}
