/**
 * Reads a calendar file with ical.js (a standard iCalendar parser, not our writer's own
 * reading) and checks the properties iTIP requires of each method (RFC 5546 §3.2.2 REQUEST,
 * §3.2.5 CANCEL), for the unit and server tests of the calendar files we send.
 */
import ICAL from 'ical.js';

export interface ItipEvent {
  uid: string;
  sequence: number;
  status: string | null;
  organizer: string | null;
  attendees: string[];
  /** DTSTART as written (local wall-clock time, e.g. 2026-11-24T09:00:00). */
  start: string | null;
}

export interface ItipFile {
  method: string | null;
  events: ItipEvent[];
}

/** Properties each VEVENT must carry under a METHOD (RFC 5546's tables: "1" and "1+"). */
const REQUIRED: Record<string, string[]> = {
  REQUEST: ['attendee', 'dtstamp', 'dtstart', 'organizer', 'summary', 'uid'],
  CANCEL: ['attendee', 'dtstamp', 'organizer', 'sequence', 'uid'],
  PUBLISH: ['dtstamp', 'dtstart', 'summary', 'uid'],
};

/** `text` parsed by ical.js (throws for a file it cannot read). */
export function readItip(text: string): ItipFile {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal
    .getAllSubcomponents('vevent')
    .map((ev) => ({
      uid: String(ev.getFirstPropertyValue('uid') ?? ''),
      sequence: Number(ev.getFirstPropertyValue('sequence') ?? 0),
      status: (ev.getFirstPropertyValue('status') as string | null) ?? null,
      organizer: (ev.getFirstPropertyValue('organizer') as string | null) ?? null,
      attendees: ev.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
      start: ev.getFirstPropertyValue('dtstart')?.toString() ?? null,
    }));
  return { method: (cal.getFirstPropertyValue('method') as string | null) ?? null, events };
}

/** What `text` lacks for its METHOD: one sentence per missing property per event ([] when complete). */
export function itipProblems(text: string): string[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  const method = String(cal.getFirstPropertyValue('method') ?? '');
  const required = REQUIRED[method];
  if (!required) return [`unknown METHOD ${method}`];
  const problems: string[] = [];
  for (const ev of cal.getAllSubcomponents('vevent')) {
    for (const name of required) if (!ev.hasProperty(name)) problems.push(`${String(ev.getFirstPropertyValue('uid'))} has no ${name.toUpperCase()}`);
  }
  if (cal.getAllSubcomponents('vevent').length === 0) problems.push('no VEVENT');
  return problems;
}
