import { describe, expect, it } from 'vitest';
import { ADMIN_NOTES_MESSAGES } from '../booking/admin-notes';
import { adminNotesCommand, type AdminNotesState } from './admin-notes-command';
import { isRefusal } from './command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const CREATED = Date.parse('2026-11-01T12:00:00Z');
const booking = (notes: string, notesAtMs: number): AdminNotesState => ({ booking: { id: 'b1', createdAtMs: CREATED, admin_notes: notes, notesAtMs } });
const edit = (adminNotes: string, editedAtMs: number) => ({ bookingId: 'b1', adminNotes, editedAtMs });
const T = (iso: string) => Date.parse(iso);

describe('the admin-notes command', () => {
  it.each([
    ['a first note', booking('', NaN), edit('Gate code 1234', T('2026-11-20T14:00:00Z')), true, false, '2026-11-20 14:00:00.000Z'],
    ['a later edit', booking('old', T('2026-11-19T10:00:00Z')), edit('new', T('2026-11-20T14:00:00Z')), true, false, '2026-11-20 14:00:00.000Z'],
    ['an older edit arriving late', booking('new', T('2026-11-20T14:00:00Z')), edit('old', T('2026-11-19T10:00:00Z')), false, false, null],
    ['a replay of the stored edit', booking('same', T('2026-11-20T14:00:00Z')), edit('same', T('2026-11-20T14:00:00Z')), false, false, null],
    ['as late and different (the later arrival wins)', booking('a', T('2026-11-20T14:00:00Z')), edit('b', T('2026-11-20T14:00:00Z')), true, false, '2026-11-20 14:00:00.000Z'],
    ['a phone dated 2999 (the server time instead)', booking('a', NaN), edit('b', T('2999-01-01T00:00:00Z')), true, true, '2026-11-20 15:00:00.000Z'],
    ['a time before the booking existed', booking('a', NaN), edit('b', T('2020-01-01T00:00:00Z')), true, true, '2026-11-20 15:00:00.000Z'],
  ])('%s', (_name, state, input, applied, clockCorrected, storedAt) => {
    const out = adminNotesCommand.decide(state, input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ bookingId: 'b1', applied, clockCorrected });
    expect(out.mails).toEqual([]);
    expect(out.changes).toEqual(storedAt ? [{ op: 'update', collection: 'bookings', id: 'b1', fields: { admin_notes: input.adminNotes, admin_notes_updated_at: storedAt } }] : []);
  });

  it('refuses an unknown booking with 404', () => {
    expect(adminNotesCommand.decide({ booking: null }, edit('x', NOW), NOW)).toEqual({ status: 404, message: ADMIN_NOTES_MESSAGES.notFound });
  });

  it('parses with the existing parser and needs no key', () => {
    expect(adminNotesCommand.parse({ bookingId: 'b1', adminNotes: 'x', editedAt: 'soon' }, [])).toEqual({ ok: false, message: ADMIN_NOTES_MESSAGES.editedAtInvalid });
    expect(adminNotesCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
