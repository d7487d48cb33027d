import { describe, expect, it } from 'vitest';
import { selfServiceBooking } from '../../tests/support/domain-builders';
import {
  deadlineText,
  fromOf,
  hasRemovalVisit,
  isStaleFrom,
  linkExpiresAtMs,
  manageTokenOfHex,
  SELF_SERVICE_MESSAGES,
  selfServiceOptions,
  visitChangeDeadlineMs,
  visitStartMs,
  type SelfServiceBooking,
} from './self-service';

const H = 3_600_000;
const paidAt = Date.UTC(2026, 10, 20, 17); // Friday, November 20, 12 PM in New York
const booking: SelfServiceBooking = selfServiceBooking({ depositPaidAtMs: paidAt });

describe('self-service rules', () => {
  it('reads a slot as New York wall-clock time on both sides of the DST change', () => {
    expect(new Date(visitStartMs('2026-10-31', '9-15')).toISOString()).toBe('2026-10-31T13:00:00.000Z'); // EDT
    expect(new Date(visitStartMs('2026-11-03', '9-15')).toISOString()).toBe('2026-11-03T14:00:00.000Z'); // EST
  });

  it('says a deadline in New York time', () => {
    expect(deadlineText(paidAt + 72 * H)).toBe('Monday, November 23, 2026 at 12 PM');
    expect(deadlineText(Date.UTC(2026, 10, 21, 4, 30))).toBe('Friday, November 20, 2026 at 11:30 PM');
  });

  it('keeps a link until the end of the 30th day after the last visit', () => {
    expect(new Date(linkExpiresAtMs(booking)).toISOString()).toBe('2027-02-05T05:00:00.000Z');
    expect(new Date(linkExpiresAtMs({ install_date: '2026-12-05', removal_date: '' })).toISOString()).toBe('2027-01-05T05:00:00.000Z');
  });

  it('within 72 hours of booking: move either visit and cancel', () => {
    const o = selfServiceOptions(booking, paidAt + 71 * H);
    expect(o).toMatchObject({ active: true, moveInstall: true, moveRemoval: true, cancel: true });
    expect(o.cancelUntilMs).toBe(paidAt + 72 * H);
  });

  it('after 72 hours: only the removal, until 7 days before it', () => {
    const o = selfServiceOptions(booking, paidAt + 73 * H);
    expect(o).toMatchObject({ moveInstall: false, cancel: false, moveRemoval: true });
    const removal = visitStartMs('2027-01-05', '9-15');
    expect(o.moveRemovalUntilMs).toBe(removal - 7 * 24 * H);
    expect(selfServiceOptions(booking, removal - 7 * 24 * H).moveRemoval).toBe(false);
  });

  it('inside 48 hours of the installation nothing about it changes, even within the 72 hours', () => {
    const soon = { ...booking, install_date: '2026-11-22', install_time_slot: '12-18' }; // Sunday noon, 48 h after payment
    const o = selfServiceOptions(soon, paidAt + 1 * H);
    expect(o).toMatchObject({ moveInstall: false, cancel: false });
  });

  it('never for a cancelled, unpaid or finished booking; a booking paid in full may cancel in the window (everything refunded, docs/decisions/045)', () => {
    for (const b of [
      { ...booking, status: 'cancelled' as const },
      { ...booking, status: 'pending_payment' as const, payment_status: 'pending' as const },
      { ...booking, status: 'completed' as const },
    ]) {
      expect(selfServiceOptions(b, paidAt + H)).toMatchObject({ moveInstall: false, moveRemoval: false, cancel: false });
    }
    expect(selfServiceOptions({ ...booking, payment_status: 'paid' }, paidAt + H)).toMatchObject({ moveInstall: true, cancel: true });
    expect(selfServiceOptions({ ...booking, install_done_at: '2026-12-05 15:00:00.000Z' }, paidAt + H)).toMatchObject({ moveInstall: false, cancel: false, moveRemoval: true });
  });
});

describe('adding the optional removal, and the deadline of a new time', () => {
  const noRemoval = { ...booking, removal_date: '', removal_time_slot: '', removalOptional: true };

  it('offers adding an optional removal not booked, also after the 72 hours, never a removal the package includes', () => {
    expect(selfServiceOptions(noRemoval, paidAt + 100 * H)).toMatchObject({ addRemoval: true, moveRemoval: false, active: true });
    expect(selfServiceOptions({ ...noRemoval, removalOptional: false }, paidAt + H).addRemoval).toBe(false);
    expect(selfServiceOptions({ ...noRemoval, status: 'cancelled' }, paidAt + H).addRemoval).toBe(false);
    expect(selfServiceOptions({ ...booking, removalOptional: true }, paidAt + H).addRemoval).toBe(false);
  });

  it('a removal held for its payment is not a visit: it cannot be moved, and the booking cannot be cancelled meanwhile', () => {
    const held = { ...booking, removalOptional: true, removal_hold: 'charge1' };
    expect(hasRemovalVisit(held)).toBe(false);
    expect(selfServiceOptions(held, paidAt + H)).toMatchObject({ moveRemoval: false, cancel: false, addRemoval: true });
  });

  it('a new time has its own deadline: 48 hours within the 72, then 7 days for a removal and never for an installation', () => {
    const start = visitStartMs('2027-01-05', '9-15');
    const windowEnd = paidAt + 72 * H;
    expect(visitChangeDeadlineMs('removal', start, windowEnd)).toBe(start - 7 * 24 * H);
    expect(visitChangeDeadlineMs('install', start, windowEnd)).toBe(windowEnd);
    const soon = visitStartMs('2026-11-23', '12-18'); // Monday noon: 48 h before it is Saturday noon, inside the window
    expect(visitChangeDeadlineMs('removal', soon, windowEnd)).toBe(soon - 48 * H);
    expect(visitChangeDeadlineMs('install', soon, windowEnd)).toBe(soon - 48 * H);
  });
});

describe('stable manage links', () => {
  it('writes an HMAC as the 43 base64url characters of its 32 bytes', () => {
    const cases: [string, string][] = [
      ['00'.repeat(32), 'A'.repeat(43)],
      ['ff'.repeat(32), `${'_'.repeat(42)}8`],
      ['fb'.repeat(32), `${'-_v7'.repeat(10)}-_s`],
    ];
    for (const [hex, token] of cases) {
      expect(manageTokenOfHex(hex)).toBe(token);
      expect(manageTokenOfHex(hex)).toBe(Buffer.from(hex, 'hex').toString('base64url'));
    }
    expect(() => manageTokenOfHex('abc')).toThrow();
  });
});

describe('a change request names what it changes from', () => {
  const now = { date: '2026-12-10', timeSlot: '9-15' };
  it.each([
    ['no from (an older page): not stale', {}, false],
    ['the visit as it is', { from: { date: '2026-12-10', timeSlot: '9-15' } }, false],
    ['another date', { from: { date: '2026-12-09', timeSlot: '9-15' } }, true],
    ['another slot', { from: { date: '2026-12-10', timeSlot: '12-18' } }, true],
  ] as const)('%s', (_why, body, stale) => {
    const from = fromOf(body as Record<string, unknown>);
    expect(from.ok && isStaleFrom(from.value, now)).toBe(stale);
  });
  it('a removal not booked is the empty visit', () => {
    const from = fromOf({ from: { date: '', timeSlot: '' } });
    expect(from.ok && isStaleFrom(from.value, { date: '', timeSlot: '' })).toBe(false);
  });
  it.each([
    ['a text', 'garbage'],
    ['a number', 7],
    ['a list', [['2026-12-10', '9-15']]],
    ['an empty object', {}],
    ['a date that is not YYYY-MM-DD', { date: 'garbage', timeSlot: '9-15' }],
    ['a slot that is not text', { date: '2026-12-10', timeSlot: 9 }],
    ['a slot of markup', { date: '2026-12-10', timeSlot: '<b>9</b>' }],
  ])('refuses a malformed from (%s) with a sentence', (_why, from) => {
    expect(fromOf({ from })).toEqual({ ok: false, message: SELF_SERVICE_MESSAGES.badFrom });
  });
});
