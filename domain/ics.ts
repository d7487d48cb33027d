/**
 * iCalendar (RFC 5545) files for the visits in confirmation e-mails (SPEC.md §7; issue 4/5).
 * Times are wall-clock times in America/New_York with a VTIMEZONE block, so calendars show the
 * visit at the booked hour whatever the reader's zone. Written here rather than with an npm
 * package because it runs inside PocketBase's JSVM (no Intl, no Node APIs) as well.
 */
import { isYmd, type Ymd } from './calendar';

export interface CalendarEvent {
  /** Globally unique and stable per visit, e.g. "booking-abc123-install@thoughtfullyadorned". */
  uid: string;
  date: Ymd;
  /** Start and end as minutes after midnight, local time. */
  startMinutes: number;
  endMinutes: number;
  summary: string;
  description?: string;
  location?: string;
}

const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Escapes TEXT values: backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line to at most 75 characters per line (continuations start with a space). */
export function foldIcsLine(line: string): string {
  if (line.length <= 75) return line;
  const parts: string[] = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) parts.push(` ${line.slice(i, i + 74)}`);
  return parts.join('\r\n');
}

function localStamp(date: Ymd, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${date.replace(/-/g, '')}T${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}00`;
}

function utcStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Builds a VCALENDAR with one VEVENT per event. `nowMs` is the DTSTAMP (epoch ms).
 * Throws for an invalid date or a start not before its end.
 */
export function buildIcs(events: CalendarEvent[], nowMs: number, productName = 'Thoughtfully Adorned'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${productName}//Bookings//EN`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...NEW_YORK_VTIMEZONE];
  for (const ev of events) {
    if (!isYmd(ev.date) || !(ev.startMinutes < ev.endMinutes) || ev.startMinutes < 0 || ev.endMinutes > 24 * 60) {
      throw new Error(`Invalid calendar event ${ev.uid}`);
    }
    lines.push(
      'BEGIN:VEVENT',
      `UID:${ev.uid}`,
      `DTSTAMP:${utcStamp(nowMs)}`,
      `DTSTART;TZID=America/New_York:${localStamp(ev.date, ev.startMinutes)}`,
      `DTEND;TZID=America/New_York:${localStamp(ev.date, ev.endMinutes)}`,
      `SUMMARY:${escapeIcsText(ev.summary)}`,
    );
    if (ev.description) lines.push(`DESCRIPTION:${escapeIcsText(ev.description)}`);
    if (ev.location) lines.push(`LOCATION:${escapeIcsText(ev.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
