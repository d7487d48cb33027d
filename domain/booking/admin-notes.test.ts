import { describe, expect, it } from 'vitest';
import { ADMIN_NOTES_MESSAGES, adminNotesEditWins, parseAdminNotesEdit } from './admin-notes';

describe('parseAdminNotesEdit', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no booking', { adminNotes: 'x', editedAt: '2026-11-24T10:00:00Z' }, ADMIN_NOTES_MESSAGES.bookingMissing],
    ['too long', { bookingId: 'b', adminNotes: 'x'.repeat(5001), editedAt: '2026-11-24T10:00:00Z' }, ADMIN_NOTES_MESSAGES.tooLong],
    ['no time', { bookingId: 'b', adminNotes: 'x' }, ADMIN_NOTES_MESSAGES.editedAtInvalid],
    ['bad time', { bookingId: 'b', adminNotes: 'x', editedAt: 'soon' }, ADMIN_NOTES_MESSAGES.editedAtInvalid],
  ])('refuses %s', (_n, body, message) => expect(parseAdminNotesEdit(body)).toEqual({ ok: false, message }));

  it('accepts an edit, clearing allowed', () => {
    expect(parseAdminNotesEdit({ bookingId: ' b ', adminNotes: ' Dog: Max \r\n', editedAt: '2026-11-24T10:00:00.000Z' })).toEqual({
      ok: true,
      value: { bookingId: 'b', adminNotes: 'Dog: Max', editedAtMs: Date.parse('2026-11-24T10:00:00.000Z') },
    });
    expect(parseAdminNotesEdit({ bookingId: 'b', editedAt: '2026-11-24T10:00:00Z' })).toMatchObject({ ok: true, value: { adminNotes: '' } });
  });
});

describe('adminNotesEditWins', () => {
  it.each<[string, number, string, number, string, boolean]>([
    ['never edited', NaN, '', 1000, 'a', true],
    ['a later edit', 1000, 'a', 1001, 'b', true],
    ['a later edit of the same text', 1000, 'a', 1001, 'a', true],
    ['an earlier edit arriving late', 1000, 'a', 999, 'b', false],
    ['a replay (same time, same text)', 1000, 'a', 1000, 'a', false],
    // Equal times: the server's order, the edit arriving now, wins.
    ['another note at the same time', 1000, 'a', 1000, 'b', true],
  ])('%s', (_name, storedAt, storedNotes, editAt, editNotes, wins) => expect(adminNotesEditWins({ notes: storedNotes, atMs: storedAt }, { notes: editNotes, atMs: editAt })).toBe(wins));
});
