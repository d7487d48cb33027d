import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './ics';
import { itipProblems, readItip } from '../../tests/support/itip';

describe('iCalendar files', () => {
  const ics = buildIcs(
    [
      {
        uid: 'booking-1-install@test',
        date: '2026-11-24',
        startMinutes: 9 * 60,
        endMinutes: 15 * 60,
        summary: 'Tree installation',
        description: 'Elevated Arbor, 7.5–9 ft; bring ladder',
        location: '1 Main St, Ellicott City, MD',
      },
      { uid: 'consult-1@test', date: '2026-11-25', startMinutes: 8 * 60 + 30, endMinutes: 9 * 60, summary: 'Consultation' },
    ],
    Date.UTC(2026, 10, 20, 17),
  );
  it('has one VEVENT per visit with New York wall-clock times', () => {
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261124T090000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20261124T150000');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261125T083000');
    expect(ics).toContain('DTSTAMP:20261120T170000Z');
    expect(ics).toContain('TZID:America/New_York');
  });
  it('uses CRLF line endings and escapes text', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    expect(ics).toContain('LOCATION:1 Main St\\, Ellicott City\\, MD');
    expect(escapeIcsText('a;b\nc\\')).toBe('a\\;b\\nc\\\\');
  });
  it('folds long ASCII lines at 75 octets', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'x'.repeat(200)}`).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(' ') && l.length <= 75)).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'x'.repeat(200)}`);
  });
  it('folds by UTF-8 octets without splitting a character (RFC 5545 §3.1)', () => {
    // Em dashes (3 octets), emoji outside the BMP (4 octets, a surrogate pair in JS), accented
    // letters (2 octets) and CJK (3 octets), long enough to fold several times.
    const description = `Garland — ${'🎄 Frasier fir, crème brûlée ribbon, 圣诞快乐 — 🎁✨ '.repeat(6)}\nend`;
    const summary = `Ü${'é'.repeat(100)}`;
    const out = buildIcs([{ uid: 'multi@test', date: '2026-11-24', startMinutes: 540, endMinutes: 600, summary, description }], 0);
    const lines = out.split('\r\n');
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l, 'utf8')))).toBeLessThanOrEqual(75);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(4);
    // No line may start or end inside a surrogate pair (a character split in two).
    expect(lines.every((l) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(l))).toBe(true);
    const unfolded = out.replace(/\r\n /g, '').split('\r\n');
    const unescape = (v: string) => v.replace(/\\(n|N|\\|;|,)/g, (_m, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
    expect(unescape(unfolded.find((l) => l.startsWith('DESCRIPTION:'))!.slice('DESCRIPTION:'.length))).toBe(description);
    expect(unescape(unfolded.find((l) => l.startsWith('SUMMARY:'))!.slice('SUMMARY:'.length))).toBe(summary);
  });
  it('refuses an event that ends before it starts', () => {
    expect(() => buildIcs([{ uid: 'x', date: '2026-11-24', startMinutes: 600, endMinutes: 540, summary: 'x' }], 0)).toThrow();
  });
});

describe('iTIP calendar files (RFC 5546), read with ical.js', () => {
  const event = { uid: 'booking-1-install@test', date: '2026-11-24', startMinutes: 540, endMinutes: 900, summary: 'Tree installation', location: '1 Main St' };
  const invitation = { organizer: { email: 'hello@shop.example', name: 'Thoughtfully Adorned' }, attendee: { email: 'ivy@example.com', name: 'Ivy "Holly" Green' } };

  it('a new visit is a REQUEST with the business as ORGANIZER and the customer as ATTENDEE', () => {
    const text = buildIcs([event], 0, 'Thoughtfully Adorned', 'REQUEST', invitation);
    expect(itipProblems(text)).toEqual([]);
    const file = readItip(text);
    expect(file.method).toBe('REQUEST');
    expect(file.events).toEqual([
      { uid: 'booking-1-install@test', sequence: 0, status: 'CONFIRMED', organizer: 'mailto:hello@shop.example', attendees: ['mailto:ivy@example.com'], start: '2026-11-24T09:00:00' },
    ]);
    expect(text).toContain('ATTENDEE;CN="Ivy Holly Green";');
  });

  it('a changed visit keeps its UID at a higher SEQUENCE; a cancelled one is a CANCEL with the same UID, ORGANIZER and ATTENDEE', () => {
    const moved = readItip(buildIcs([{ ...event, date: '2026-11-25', sequence: 1 }], 0, 'x', 'REQUEST', invitation));
    expect(moved.events.map((e) => [e.uid, e.sequence, e.start])).toEqual([['booking-1-install@test', 1, '2026-11-25T09:00:00']]);
    const text = buildIcs([{ ...event, sequence: 2 }], 0, 'x', 'CANCEL', invitation);
    expect(itipProblems(text)).toEqual([]);
    const cancelled = readItip(text);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events.map((e) => [e.uid, e.sequence, e.status, e.organizer, e.attendees])).toEqual([
      ['booking-1-install@test', 2, 'CANCELLED', 'mailto:hello@shop.example', ['mailto:ivy@example.com']],
    ]);
  });

  it('refuses an iTIP method without an invitation; PUBLISH (the owner’s copies) needs none', () => {
    expect(() => buildIcs([event], 0, 'x', 'CANCEL')).toThrow('METHOD:CANCEL needs an organizer and an attendee');
    const text = buildIcs([event], 0);
    expect(itipProblems(text)).toEqual([]);
    expect(readItip(text).events[0]!.organizer).toBeNull();
  });
});
