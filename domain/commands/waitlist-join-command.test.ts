import { describe, expect, it } from 'vitest';
import { scheduledBooking } from '../../tests/support/domain-builders';
import type { BookingSchedule } from '../schedule/overlap';
import { isRefusal } from './command';
import { parseWaitlistJoin, waitlistJoinCommand, type WaitlistJoinInput, type WaitlistJoinState } from './waitlist-join-command';

const NOW = Date.UTC(2026, 10, 20, 17);
const DAY = '2026-12-05';
const booked = (slot: string): BookingSchedule => scheduledBooking({ id: slot, install_date: DAY, install_time_slot: slot });
const FULL = [booked('9-15'), booked('15-21')];
const input: WaitlistJoinInput = {
  name: 'Jane Doe',
  email: 'Jane@Example.com',
  phone: '410 555 0100',
  date: DAY,
  kind: 'install',
  size: '7.5-9ft',
  packageType: 'elevated-arbor',
  choices: { a: 1 },
  bookingToken: '',
};
const state = (over: Partial<WaitlistJoinState> = {}): WaitlistJoinState => ({
  dateProblem: null,
  noticeHours: 48,
  crews: 1,
  schedules: FULL,
  liveEntries: [],
  booking: null,
  lastJoinedAt: 0,
  newId: 'e1',
  leaveTokenHash: 'h',
  clientIp: '198.51.100.7',
  ...over,
});
const decide = (s: WaitlistJoinState, i: WaitlistJoinInput = input, now = NOW) => waitlistJoinCommand.decide(s, i, now);

describe('waitlist-join decide', () => {
  it.each([
    ['a season problem', state({ dateProblem: 'That date is not available. Please choose another date.' }), 409, 'That date is not available. Please choose another date.'],
    ['a free slot for the size', state({ schedules: [booked('9-15')] }), 409, 'Saturday, December 5 has a free time for this tree — book it instead.'],
    ['the same date and kind', state({ liveEntries: [{ date: DAY, kind: 'install' }] }), 409, 'You are already on the waitlist for Saturday, December 5.'],
    ['a sixth date', state({ liveEntries: ['a', 'b', 'c', 'd', 'e'].map((d) => ({ date: `2026-12-1${d.charCodeAt(0) - 97}`, kind: 'install' })) }), 409, 'You can wait for up to 5 dates at once.'],
    ['a manage link that opens nothing', state({ booking: { id: '', invalid: true, name: '', email: '', phone: '' } }), 404, 'This booking link is not valid.'],
  ])('refuses %s', (_name, s, status, message) => {
    expect(decide(s)).toEqual({ status, message });
  });

  it('refuses a date whose slots are all inside the notice', () => {
    const out = decide(state({ schedules: [] }), { ...input, date: '2026-11-21' });
    expect(isRefusal(out) && out.status).toBe(409);
  });

  it("writes the entry in line after the latest join, with its leave hash and the caller's IP, and queues the joined e-mail", () => {
    const out = decide(state({ lastJoinedAt: NOW }));
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'waitlist_entries',
        id: 'e1',
        fields: expect.objectContaining({
          email_key: 'jane@example.com',
          date: DAY,
          kind: 'install',
          tree_size: '7.5-9ft',
          joined_at: NOW + 1,
          status: 'waiting',
          leave_token_hash: 'h',
          client_ip: '198.51.100.7',
          booking: '',
          choices: { a: 1 },
        }),
      },
    ]);
    expect(out.mails).toEqual([{ kind: 'joined', entryId: 'e1' }]);
  });

  it('a move entry: its own booking is not in the way of the full-day check', () => {
    const out = decide(state({ booking: { id: '9-15', invalid: false, name: 'Milo Mover', email: 'Milo@Example.com', phone: '(410) 555-0142' }, schedules: [booked('15-21'), booked('9-15')] }));
    expect(isRefusal(out) && out.message).toBe('Saturday, December 5 has a free time for this tree — book it instead.');
  });
});

describe("a manage page's join", () => {
  it("waits under the booking's own name, e-mail and phone, whatever the body says", () => {
    const booking = { id: 'b1', invalid: false, name: 'Milo Mover', email: ' Milo@Example.com', phone: '(410) 555-0142' };
    const out = decide(state({ booking }), { ...input, name: '', email: '', phone: '', bookingToken: 't' });
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]!.fields).toMatchObject({ email_key: 'milo@example.com', name: 'Milo Mover', email: ' Milo@Example.com', phone: '(410) 555-0142', booking: 'b1' });
  });

  it('needs no contact in the body with a booking token, and still checks one without', () => {
    const body = { ...input, package: 'elevated-arbor', size: '7.5-9ft', name: '', email: '', phone: '' } as unknown as Record<string, unknown>;
    expect(parseWaitlistJoin({ ...body, bookingToken: 'tok' }).ok).toBe(true);
    expect(parseWaitlistJoin(body).ok).toBe(false);
  });
});

describe('parseWaitlistJoin', () => {
  it.each([
    [{ ...input, package: 'elevated-arbor', size: '7.5-9ft' }, true],
    [{ ...input, package: 'nope', size: '7.5-9ft' }, false],
    [{ ...input, package: 'elevated-arbor', size: '7.5-9ft', date: '12/05/2026' }, false],
    [{ ...input, package: 'elevated-arbor', size: '7.5-9ft', email: 'x' }, false],
    [{ ...input, package: 'elevated-arbor', size: '7.5-9ft', choices: { big: 'x'.repeat(9000) } }, false],
  ])('%#', (body, ok) => {
    expect(parseWaitlistJoin(body as unknown as Record<string, unknown>).ok).toBe(ok);
  });
});
