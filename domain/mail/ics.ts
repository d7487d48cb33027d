/**
 * iCalendar (RFC 5545) files for the visits in confirmation e-mails (docs/product.md §7; docs/decisions/003, 005).
 * Times are wall-clock times in America/New_York with a VTIMEZONE block, so calendars show the
 * visit at the booked hour whatever the reader's zone. Written here rather than with an npm
 * package because it runs inside PocketBase's JSVM (no Intl, no Node APIs) as well.
 */
import { isYmd, type Ymd } from '../schedule/calendar';

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
  /** The revision of this event (RFC 5545 SEQUENCE): 0 first, raised by every change so calendars replace their copy. */
  sequence?: number;
}

/**
 * PUBLISH (the default: the owner's copies and feed) adds or updates the events by UID. The
 * customer's files are iTIP (RFC 5546 §3.2): REQUEST for a new or changed visit, CANCEL to
 * withdraw it, each with an Invitation, under the same UID at a higher SEQUENCE, so a calendar
 * keeps one event per visit.
 */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** A person in an iTIP message: an e-mail address and the name shown (CN). */
export interface CalendarParty {
  email: string;
  name?: string;
}

/** Who an iTIP message is from (ORGANIZER: the business) and for (ATTENDEE: the customer). */
export interface Invitation {
  organizer: CalendarParty;
  attendee: CalendarParty;
  /** The request is not confirmed yet (STATUS:TENTATIVE instead of CONFIRMED), e.g. a consultation requested. */
  tentative?: boolean;
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

/** RFC 5545 §3.1: a content line holds at most 75 octets of UTF-8, not counting its CRLF. */
const MAX_LINE_OCTETS = 75;

/**
 * Octets that the UTF-16 code unit(s) at `i` take in UTF-8, and how many code units they span.
 * A surrogate pair is one 4-octet character; a lone surrogate counts as the 3-octet U+FFFD that
 * UTF-8 encoders put in its place. Written by hand because the JSVM has no TextEncoder.
 */
function utf8CharAt(line: string, i: number): { octets: number; units: number } {
  const c = line.charCodeAt(i);
  if (c < 0x80) return { octets: 1, units: 1 };
  if (c < 0x800) return { octets: 2, units: 1 };
  const next = line.charCodeAt(i + 1);
  if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return { octets: 4, units: 2 };
  return { octets: 3, units: 1 };
}

/**
 * Folds a content line (RFC 5545 §3.1) so every physical line holds at most 75 octets of UTF-8:
 * continuation lines start with one space, which counts toward their 75. Breaks only between
 * characters, never inside a multi-octet character or a surrogate pair, so an em dash or an emoji
 * in a note survives unfolding intact. Returns the lines joined with CRLF (no trailing CRLF).
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const ch = utf8CharAt(line, i);
    if (octets + ch.octets > MAX_LINE_OCTETS) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 1; // the leading space of the continuation line
    }
    octets += ch.octets;
    i += ch.units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** A CN parameter value: quoted, without the characters a quoted parameter cannot hold (RFC 5545 §3.1). */
function commonName(name: string): string {
  return `"${name.replace(/["\r\n]/g, '').trim()}"`;
}

/** ORGANIZER or ATTENDEE of `party`, as a mailto: address with its name. */
function partyLine(property: 'ORGANIZER' | 'ATTENDEE', party: CalendarParty, params = ''): string {
  return `${property}${party.name ? `;CN=${commonName(party.name)}` : ''}${params}:mailto:${party.email}`;
}

function localStamp(date: Ymd, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${date.replace(/-/g, '')}T${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}00`;
}

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Builds a VCALENDAR with one VEVENT per event. `nowMs` is the DTSTAMP (epoch ms); `method`
 * CANCEL marks every event cancelled (same UIDs, a higher SEQUENCE than the last update).
 * REQUEST and CANCEL need `invitation`: each event then names the ORGANIZER and the ATTENDEE
 * that RFC 5546 §3.2.2 and §3.2.5 require. Throws for an invalid date, a start not before its
 * end, or an iTIP method without an invitation.
 */
export function buildIcs(events: CalendarEvent[], nowMs: number, productName = 'Thoughtfully Adorned', method: IcsMethod = 'PUBLISH', invitation?: Invitation): string {
  if (method !== 'PUBLISH' && !invitation) throw new Error(`METHOD:${method} needs an organizer and an attendee`);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${productName}//Bookings//EN`, 'CALSCALE:GREGORIAN', `METHOD:${method}`, ...NEW_YORK_VTIMEZONE];
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
      `SEQUENCE:${ev.sequence ?? 0}`,
    );
    if (method === 'CANCEL') lines.push('STATUS:CANCELLED');
    else if (method === 'REQUEST') lines.push(invitation?.tentative ? 'STATUS:TENTATIVE' : 'STATUS:CONFIRMED');
    if (method !== 'PUBLISH' && invitation) {
      // The visit is agreed already: the customer is not asked to reply (RSVP=FALSE).
      lines.push(partyLine('ORGANIZER', invitation.organizer), partyLine('ATTENDEE', invitation.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE'));
    }
    if (ev.description) lines.push(`DESCRIPTION:${escapeIcsText(ev.description)}`);
    if (ev.location) lines.push(`LOCATION:${escapeIcsText(ev.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
