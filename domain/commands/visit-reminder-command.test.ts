import { describe, expect, it } from 'vitest';
import { selfServiceBooking } from '../../tests/support/domain-builders';
import { newYorkTimeMs } from '../schedule/calendar';
import type { ReminderBooking } from '../mail/reminders';
import { VISIT_REMINDER_MESSAGES, visitReminderCommand, type VisitReminderState } from './visit-reminder-command';

// Tomorrow (New York) is 2026-12-05; reminders go out from 9 AM on the 4th.
const NINE = newYorkTimeMs('2026-12-04', 9);
const booking: ReminderBooking = { id: 'b1', ...selfServiceBooking({ depositPaidAtMs: Date.parse('2026-11-01T12:00:00Z') }) };
const state = (over: Partial<VisitReminderState> = {}): VisitReminderState => ({ booking, alreadyQueued: false, origin: 'https://trees.example', blocked: new Set(), blockedDayChoices: {}, ...over });
const VERSION = 'install-2026-12-05-9-15';
const decide = (s: VisitReminderState, atMs = NINE + 60_000, version = VERSION) => visitReminderCommand.decide(s, { bookingId: 'b1', version, atMs }, atMs);

describe('the send-visit-reminder command', () => {
  it('sends the reminder of a visit on a blocked day once the owner kept it', () => {
    const out = decide(state({ blocked: new Set(['2026-12-05']), blockedDayChoices: { '2026-12-05': 'keep' } }));
    expect(out).toMatchObject({ answer: { queued: true, bookingId: 'b1', version: VERSION } });
  });

  it('queues the reminder of tomorrow’s installation, with the link on the origin', () => {
    expect(decide(state())).toEqual({
      changes: [],
      mails: [{ bookingId: 'b1', due: { bookingId: 'b1', visit: 'install', date: '2026-12-05', timeSlot: '9-15', version: VERSION }, origin: 'https://trees.example' }],
      answer: { queued: true, bookingId: 'b1', version: VERSION },
    });
  });

  it.each([
    ['a booking gone', state({ booking: null }), NINE + 1, VERSION, 404, VISIT_REMINDER_MESSAGES.notFound],
    ['a reminder already queued (a second run)', state({ alreadyQueued: true }), NINE + 1, VERSION, 409, VISIT_REMINDER_MESSAGES.alreadyQueued],
    ['before 9 AM the day before', state(), NINE - 1, VERSION, 409, VISIT_REMINDER_MESSAGES.notDue],
    ['a visit moved since the job read it', state(), NINE + 1, 'install-2026-12-05-15-21', 409, VISIT_REMINDER_MESSAGES.notDue],
    ['a visit already done', state({ booking: { ...booking, install_done_at: '2026-12-04 14:00:00.000Z' } }), NINE + 1, VERSION, 409, VISIT_REMINDER_MESSAGES.notDue],
    ['a booking cancelled meanwhile', state({ booking: { ...booking, status: 'cancelled' } }), NINE + 1, VERSION, 409, VISIT_REMINDER_MESSAGES.notDue],
    ['a booking made after 9 AM the day before', state({ booking: { ...booking, depositPaidAtMs: NINE + 1 } }), NINE + 2, VERSION, 409, VISIT_REMINDER_MESSAGES.notDue],
    ['a visit on a day the owner blocked, not kept', state({ blocked: new Set(['2026-12-05']) }), NINE + 1, VERSION, 409, VISIT_REMINDER_MESSAGES.blockedDay],
    [
      'a visit on a blocked day whose customer was e-mailed',
      state({ blocked: new Set(['2026-12-05']), blockedDayChoices: { '2026-12-05': 'emailed' } }),
      NINE + 1,
      VERSION,
      409,
      VISIT_REMINDER_MESSAGES.blockedDay,
    ],
  ])('refuses %s', (_name, s, atMs, version, status, message) => {
    expect(decide(s, atMs, version)).toEqual({ status, message });
  });
});
