/**
 * Display helpers of the admin screens: timestamps in the business time zone, dates of the
 * YYYY-MM-DD fields, and the links that open the phone's dialler and maps app.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatLongDate, isYmd, parseTimestamp } from '@domain/schedule/calendar';
import { isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import { BUSINESS_TIME_ZONE } from './time-zone';

/** A PocketBase datetime as New York wall time, e.g. "Nov 20, 2026, 12:00 PM"; '' when unset. */
export function formatTimestamp(value: string | null | undefined): string {
  const ms = parseTimestamp(value);
  return Number.isFinite(ms) ? format(new TZDate(ms, BUSINESS_TIME_ZONE), 'MMM d, yyyy, h:mm a') : '';
}

/** The time of day of an epoch-ms instant in New York, e.g. "10:42 AM" (the status chip's last sync). */
export function formatTimeOfDay(ms: number): string {
  return format(new TZDate(ms, BUSINESS_TIME_ZONE), 'h:mm a');
}

/** A stored YYYY-MM-DD date in long form ("Tuesday, November 24, 2026"), or '—' when unset. */
export function formatDateField(value: string | null | undefined): string {
  return value && isYmd(value) ? formatLongDate(value) : '—';
}

/** A short form for tables and cards ("Tue, Nov 24, 2026"); '—' when unset. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value || !isYmd(value)) return '—';
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'EEE, MMM d, yyyy');
}

/** A tel: link for a stored phone number (digits and a leading +). */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D+/g, '')}`;
}

/**
 * A link that opens the address in the phone's maps app: Google Maps' universal URL opens the
 * Maps app on Android and iOS (when installed) and the web map elsewhere.
 */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

/** A stored tree_size id as its label ("7.5-9 ft"); an unknown id is shown as stored. */
export function treeSizeLabel(size: string): string {
  return isTreeSize(size) ? TREE_SIZE_INFO[size].label : size;
}
