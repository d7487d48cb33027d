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
  it.each([
    [NaN, 1000, true],
    [1000, 1001, true],
    [1000, 1000, false],
    [1000, 999, false],
  ])('stored %s, edit %s → %s', (stored, edited, wins) => expect(adminNotesEditWins(stored, edited)).toBe(wins));
});
