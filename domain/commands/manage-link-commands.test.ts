import { describe, expect, it } from 'vitest';
import { isRefusal } from './command';
import {
  freshLinkCommand,
  freshLinkFingerprint,
  LINK_REQUEST_MAIL_LIMIT,
  linkRequestCommand,
  linkRequestMailAllowed,
  MANAGE_LINK_MESSAGES as M,
  type FreshLinkState,
  type LinkedBooking,
  type LinkRequestState,
} from './manage-link-commands';

// Friday November 20, 2026, 10:00 in New York.
const NOW = Date.UTC(2026, 10, 20, 15);
const H = 3_600_000;

describe("the owner's fresh link", () => {
  const found = (over: Partial<NonNullable<FreshLinkState['found']>> = {}): FreshLinkState['found'] => ({
    bookingId: 'b1',
    status: 'confirmed',
    email: 'ann@example.com',
    linkVersion: 2,
    dates: { install_date: '2026-12-04', removal_date: '2026-12-28' },
    liveLinkIds: ['l1', 'l2'],
    next: { tokenHash: 'h3', manageUrl: 'https://example.test/my-booking?token=t3' },
    historyClientId: 'owner_x',
    ...over,
  });
  const state = (f: FreshLinkState['found']): FreshLinkState => ({ found: f, staffId: 's1' });

  it('raises the link version, revokes every link in force, stores the new hash, writes the history and e-mails the new link', () => {
    const out = freshLinkCommand.decide(state(found()), { bookingId: 'b1' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      { op: 'update', collection: 'bookings', id: 'b1', fields: { link_version: 3 } },
      { op: 'update', collection: 'booking_links', id: 'l1', fields: { revoked_at: '2026-11-20 15:00:00.000Z' } },
      { op: 'update', collection: 'booking_links', id: 'l2', fields: { revoked_at: '2026-11-20 15:00:00.000Z' } },
      { op: 'create', collection: 'booking_links', fields: { booking: 'b1', token_hash: 'h3', expires_at: '2027-01-28 05:00:00.000Z' } },
      {
        op: 'create',
        collection: 'job_events',
        fields: {
          booking: 'b1',
          kind: 'owner_change',
          text: 'Sent a fresh manage link to ann@example.com; the earlier link no longer works.',
          client_id: 'owner_x',
          occurred_at: '2026-11-20 15:00:00.000Z',
          created_by: 's1',
        },
      },
    ]);
    expect(out.mails).toEqual([{ bookingId: 'b1', version: 3, manageUrl: 'https://example.test/my-booking?token=t3' }]);
    expect(out.answer).toEqual({ bookingId: 'b1', sentTo: 'ann@example.com' });
  });

  it('sends one to a cancelled booking too (its link shows it read-only)', () => {
    expect(isRefusal(freshLinkCommand.decide(state(found({ status: 'cancelled' })), { bookingId: 'b1' }, NOW))).toBe(false);
  });

  it.each([
    ['no such booking', state(null), 404, M.notFound],
    ['a booking waiting for its deposit', state(found({ status: 'pending_payment' })), 409, M.notConfirmed],
    ['a booking without an e-mail address', state(found({ email: '' })), 409, M.noEmail],
  ] as const)('refuses %s', (_name, s, status, message) => {
    expect(freshLinkCommand.decide(s, { bookingId: 'b1' }, NOW)).toEqual({ status, message });
  });

  it('needs the booking and a key; its fingerprint names the booking', () => {
    expect(freshLinkCommand.parse({}, [])).toEqual({ ok: false, message: M.missing });
    expect(freshLinkCommand.parse({ bookingId: ' b1 ' }, [])).toEqual({ ok: true, value: { bookingId: 'b1' } });
    expect(freshLinkCommand.idempotency).toMatchObject({ by: 'key', header: 'required' });
    expect(freshLinkFingerprint({ bookingId: 'b1' })).toBe('["admin-bookings/send-link","b1"]');
  });
});

describe("the customer's 'e-mail me my link'", () => {
  const linked = (over: Partial<LinkedBooking> = {}): LinkedBooking => ({
    bookingId: 'b1',
    status: 'confirmed',
    dates: { install_date: '2026-12-04', removal_date: '' },
    tokenHash: 'h1',
    hasRow: true,
    manageUrl: 'https://example.test/my-booking?token=t1',
    ...over,
  });
  const WALL = NOW + 6 * 86_400_000;
  const state = (bookings: LinkedBooking[], earlierMailsMs: number[] = []): LinkRequestState => ({ bookings, earlierMailsMs, wallNowMs: WALL });
  const ask = { email: 'ann@example.com' };
  const same = { changes: [], mails: [], answer: { requested: true } };

  it('one e-mail with the link of each booking whose link works; a missing stable row is written', () => {
    const out = linkRequestCommand.decide(
      state([
        linked(),
        linked({ bookingId: 'b2', status: 'cancelled', hasRow: false, tokenHash: 'h2', manageUrl: 'u2', dates: { install_date: '2026-12-11', removal_date: '2027-01-05' } }),
        linked({ bookingId: 'old', dates: { install_date: '2025-12-04', removal_date: '' } }),
        linked({ bookingId: 'hold', status: 'pending_payment' }),
      ]),
      ask,
      NOW,
    );
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([{ op: 'create', collection: 'booking_links', fields: { booking: 'b2', token_hash: 'h2', expires_at: '2027-02-05 05:00:00.000Z' } }]);
    expect(out.mails).toEqual([
      {
        email: 'ann@example.com',
        links: [
          { bookingId: 'b1', manageUrl: 'https://example.test/my-booking?token=t1' },
          { bookingId: 'b2', manageUrl: 'u2' },
        ],
        atMs: WALL,
      },
    ]);
    expect(out.answer).toEqual({ requested: true });
  });

  it.each([
    ['an unknown address', state([])],
    ['only bookings whose links have expired or never existed', state([linked({ dates: { install_date: '2025-12-04', removal_date: '' } }), linked({ status: 'pending_payment' })])],
    ['over the hourly limit (by the wall clock)', state([linked()], [WALL - H / 2, WALL - H / 3, WALL - H / 4])],
  ] as const)('answers the same and sends nothing for %s', (_name, s) => {
    expect(linkRequestCommand.decide(s, ask, NOW)).toEqual(same);
  });

  it('counts only the last hour', () => {
    expect(linkRequestMailAllowed([NOW - 2 * H, NOW - 90 * 60_000, NOW - H / 2, NOW - H / 4], NOW)).toBe(true);
    expect(
      linkRequestMailAllowed(
        Array.from({ length: LINK_REQUEST_MAIL_LIMIT }, (_, i) => NOW - i * 1000),
        NOW,
      ),
    ).toBe(false);
  });

  it.each([
    [{ email: ' Ann@Example.COM ' }, { ok: true, value: { email: 'ann@example.com' } }],
    [{ email: 'not an address' }, { ok: false, message: M.emailInvalid }],
    [{ email: '' }, { ok: false, message: M.emailInvalid }],
    [{}, { ok: false, message: M.emailInvalid }],
  ] as const)('parses %j', (body, result) => {
    expect(linkRequestCommand.parse(body, [])).toEqual(result);
  });
});
