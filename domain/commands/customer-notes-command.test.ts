import { describe, expect, it } from 'vitest';
import { CUSTOMER_NOTES_MESSAGES } from '../customers/customer-notes';
import { isRefusal } from './command';
import { customerNotesCommand, type CustomerNotesState } from './customer-notes-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const T = (iso: string) => Date.parse(iso);
const notes = (parking: string) => ({ notes_parking: parking, notes_gate: '', notes_ornaments: 'Garage, left shelf', notes_other: '' });
const stored = (parking: string, atMs: number): CustomerNotesState => ({ customer: { id: 'c1', createdAtMs: T('2025-11-01T00:00:00Z'), notes: notes(parking), notesAtMs: atMs } });
const edit = (parking: string, editedAtMs: number, name = 'Ann Lee') => ({ emailKey: 'ann@example.com', name, phone: '', address: '', notes: notes(parking), editedAtMs });

describe('the customer-notes command', () => {
  it('creates the record on the first save, under the key', () => {
    const out = customerNotesCommand.decide({ customer: null }, edit('Driveway', T('2026-11-20T14:00:00Z')), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ emailKey: 'ann@example.com', applied: true, created: true, clockCorrected: false });
    expect(out.changes).toEqual([
      { op: 'create', collection: 'customers', fields: { email_key: 'ann@example.com', name: 'Ann Lee', phone: '', address: '', ...notes('Driveway'), notes_updated_at: '2026-11-20 14:00:00.000Z' } },
    ]);
  });

  it.each([
    ['a later edit', stored('Street', T('2026-11-19T10:00:00Z')), edit('Driveway', T('2026-11-20T14:00:00Z')), true, '2026-11-20 14:00:00.000Z'],
    ['a first edit of a migrated record', stored('', NaN), edit('Driveway', T('2026-11-20T14:00:00Z')), true, '2026-11-20 14:00:00.000Z'],
    ['an older edit arriving late', stored('Street', T('2026-11-20T14:00:00Z')), edit('Driveway', T('2026-11-19T10:00:00Z')), false, null],
    ['the stored edit again', stored('Driveway', T('2026-11-20T14:00:00Z')), edit('Driveway', T('2026-11-20T14:00:00Z')), false, null],
    ['a phone dated 2999 (the server time)', stored('Street', T('2026-11-19T10:00:00Z')), edit('Driveway', T('2999-01-01T00:00:00Z')), true, '2026-11-20 15:00:00.000Z'],
  ])('%s', (_name, state, input, applied, storedAt) => {
    const out = customerNotesCommand.decide(state, input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer.applied).toBe(applied);
    expect(out.answer.created).toBe(false);
    expect(out.changes).toEqual(storedAt ? [{ op: 'update', collection: 'customers', id: 'c1', fields: { name: 'Ann Lee', ...input.notes, notes_updated_at: storedAt } }] : []);
  });

  it('leaves a stored contact field when the edit knows none', () => {
    const out = customerNotesCommand.decide(stored('Street', NaN), edit('Driveway', T('2026-11-20T14:00:00Z'), ''), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ op: 'update', fields: { notes_parking: 'Driveway' } });
    expect(Object.keys((out.changes[0] as { fields: object }).fields)).not.toContain('name');
  });

  it.each([
    [{ email: '', notes: {}, editedAt: '2026-11-20T14:00:00Z' }, CUSTOMER_NOTES_MESSAGES.emailInvalid],
    [{ email: 'not an address', notes: {}, editedAt: '2026-11-20T14:00:00Z' }, CUSTOMER_NOTES_MESSAGES.emailInvalid],
    [{ email: 'ann@example.com', notes: { notes_gate: 'x'.repeat(1001) }, editedAt: '2026-11-20T14:00:00Z' }, CUSTOMER_NOTES_MESSAGES.tooLong],
    [{ email: 'ann@example.com', phone: '5'.repeat(21), notes: {}, editedAt: '2026-11-20T14:00:00Z' }, CUSTOMER_NOTES_MESSAGES.contactTooLong],
    [{ email: 'ann@example.com', notes: {}, editedAt: 'soon' }, CUSTOMER_NOTES_MESSAGES.editedAtInvalid],
  ])('refuses %j', (body, message) => {
    expect(customerNotesCommand.parse(body, [])).toEqual({ ok: false, message });
  });

  it('parses the e-mail into the key and asks for the outbox’s key', () => {
    const parsed = customerNotesCommand.parse({ email: ' Ann@Example.com ', notes: { notes_gate: ' 1234 ' }, editedAt: '2026-11-20T14:00:00Z' }, []);
    expect(parsed).toMatchObject({ ok: true, value: { emailKey: 'ann@example.com', notes: { notes_gate: '1234', notes_parking: '' } } });
    expect(customerNotesCommand.idempotency).toMatchObject({ by: 'key', header: 'required' });
  });
});
