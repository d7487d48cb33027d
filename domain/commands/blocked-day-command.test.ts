import { describe, expect, it } from 'vitest';
import { isRefusal } from './command';
import { BLOCKED_DAY_MESSAGES as M, blockedDayChoicesOf, blockedDayCommand, blockedDayHoldsReminder, parseBlockedDayChoice, visitsOnDays, type BlockedDayState } from './blocked-day-command';

const booking = { id: 'b1', status: 'confirmed' as const, install_date: '2026-12-12', removal_date: '2027-01-09', choices: {} };
const state = (over: Partial<BlockedDayState> = {}): BlockedDayState => ({ booking, blocked: true, ...over });
const decide = (s: BlockedDayState, body: Record<string, unknown>) => {
  const parsed = parseBlockedDayChoice(body);
  if (!parsed.ok) throw new Error(parsed.message);
  return blockedDayCommand.decide(s, parsed.value, 0);
};

describe('parseBlockedDayChoice', () => {
  it.each([
    [{}, M.missing],
    [{ bookingId: 'b1', date: '12/12/2026', choice: 'keep' }, M.missing],
    [{ bookingId: 'b1', date: '2026-12-12', choice: 'move' }, M.choice],
    [{ bookingId: 'b1', date: '2026-12-12', choice: 'email', message: ' \u200b ' }, M.message],
    [{ bookingId: 'b1', date: '2026-12-12', choice: 'email', message: 'x'.repeat(2_001) }, M.messageLong],
  ])('refuses %j with a sentence', (body, message) => {
    expect(parseBlockedDayChoice(body)).toEqual({ ok: false, message });
  });

  it('keeps the message only to e-mail it', () => {
    expect(parseBlockedDayChoice({ bookingId: 'b1', date: '2026-12-12', choice: 'keep', message: 'ignored' })).toEqual({
      ok: true,
      value: { bookingId: 'b1', date: '2026-12-12', choice: 'keep', message: '' },
    });
    expect(parseBlockedDayChoice({ bookingId: 'b1', date: '2026-12-12', choice: 'email', message: ' We are closed.\r\nCall us. ' })).toEqual({
      ok: true,
      value: { bookingId: 'b1', date: '2026-12-12', choice: 'email', message: 'We are closed.\nCall us.' },
    });
  });
});

describe('blockedDayCommand.decide', () => {
  it.each([
    [state({ booking: null }), 404, M.notFound],
    [state({ booking: { ...booking, status: 'cancelled' } }), 409, M.cancelled],
    [state({ blocked: false }), 409, M.notBlocked],
  ])('refuses when the booking or the day changed meanwhile', (s, status, message) => {
    expect(decide(s, { bookingId: 'b1', date: '2026-12-12', choice: 'keep' })).toEqual({ status, message });
  });

  it('refuses a day the booking has no visit on (it was moved meanwhile)', () => {
    expect(decide(state(), { bookingId: 'b1', date: '2026-12-13', choice: 'keep' })).toEqual({ status: 409, message: M.noVisit });
  });

  it('stores "keep" beside the earlier choices, with no e-mail', () => {
    const out = decide(state({ booking: { ...booking, choices: { '2027-01-09': 'emailed' } } }), { bookingId: 'b1', date: '2026-12-12', choice: 'keep' });
    expect(isRefusal(out)).toBe(false);
    if (isRefusal(out)) return;
    expect(out.changes).toEqual([{ op: 'update', collection: 'bookings', id: 'b1', fields: { blocked_day_choices: { '2027-01-09': 'emailed', '2026-12-12': 'keep' } } }]);
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ bookingId: 'b1', choice: 'keep' });
  });

  it("e-mails the customer the owner's words about the visit of that day", () => {
    const out = decide(state(), { bookingId: 'b1', date: '2027-01-09', choice: 'email', message: 'We are closed that day.' });
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.mails).toEqual([{ bookingId: 'b1', date: '2027-01-09', visit: 'removal', message: 'We are closed that day.' }]);
    expect(out.changes[0]).toMatchObject({ fields: { blocked_day_choices: { '2027-01-09': 'emailed' } } });
  });
});

describe('blockedDayHoldsReminder', () => {
  const blocked = new Set(['2026-12-12']);
  it.each([
    ['2026-12-12', {}, true],
    ['2026-12-12', { '2026-12-12': 'emailed' as const }, true],
    ['2026-12-12', { '2026-12-12': 'keep' as const }, false],
    ['2026-12-13', {}, false],
  ])('a visit on %s with choices %j waits for the owner: %s', (date, choices, held) => {
    expect(blockedDayHoldsReminder(date, blocked, choices)).toBe(held);
  });

  it('reads only well-formed stored choices', () => {
    expect(blockedDayChoicesOf({ '2026-12-12': 'keep', '2026-12-13': 'emailed', bad: 'keep', '2026-12-14': 'move' })).toEqual({ '2026-12-12': 'keep', '2026-12-13': 'emailed' });
    expect(blockedDayChoicesOf(null)).toEqual({});
    expect(blockedDayChoicesOf(['keep'])).toEqual({});
  });
});

describe('visitsOnDays', () => {
  const b = (id: string, name: string, install: string, removal: string, over: Record<string, unknown> = {}) => ({
    id,
    customer_name: name,
    status: 'confirmed' as const,
    install_date: install,
    removal_date: removal,
    ...over,
  });
  it('lists the visits on the days, by date then name, with the choice so far, cancelled bookings left out', () => {
    const bookings = [
      b('b1', 'Zoe', '2026-12-12', '2027-01-09', { blocked_day_choices: { '2027-01-09': 'keep' } }),
      b('b2', 'Ann', '2026-12-12', ''),
      b('b3', 'Cat', '2026-12-13', '2027-01-09'),
      b('b4', 'Dan', '2026-12-12', '', { status: 'cancelled' }),
    ];
    expect(visitsOnDays(bookings, new Set(['2026-12-12', '2027-01-09']))).toEqual([
      { bookingId: 'b2', customerName: 'Ann', visit: 'install', date: '2026-12-12', choice: null },
      { bookingId: 'b1', customerName: 'Zoe', visit: 'install', date: '2026-12-12', choice: null },
      { bookingId: 'b3', customerName: 'Cat', visit: 'removal', date: '2027-01-09', choice: null },
      { bookingId: 'b1', customerName: 'Zoe', visit: 'removal', date: '2027-01-09', choice: 'keep' },
    ]);
    expect(visitsOnDays(bookings, new Set())).toEqual([]);
  });
});
