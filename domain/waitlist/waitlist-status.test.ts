import { describe, expect, it } from 'vitest';
import {
  asEntryStatus,
  asOfferStatus,
  ENTRY_STATUSES,
  EntryStatus as E,
  entryIsLive,
  OFFER_STATUSES,
  OfferStatus as O,
  waitlistTransition,
  type WaitlistEvent,
  type WaitlistState,
} from './waitlist-status';

type Row = [from: WaitlistState, event: WaitlistEvent, to: { entry: E; offer: O | null } | 'refused'];

/** Every event from every entry status with no offer, with an open offer, and with an offer no longer open. */
const TABLE: Row[] = [
  [{ entry: null, offer: null }, 'join', { entry: E.Waiting, offer: null }],
  [{ entry: E.Waiting, offer: null }, 'join', 'refused'],

  [{ entry: E.Waiting, offer: null }, 'offer', { entry: E.Offered, offer: O.Open }],
  [{ entry: E.Offered, offer: O.Open }, 'offer', 'refused'],
  [{ entry: E.Waiting, offer: O.Open }, 'offer', 'refused'],
  [{ entry: E.Booked, offer: null }, 'offer', 'refused'],
  [{ entry: null, offer: null }, 'offer', 'refused'],

  [{ entry: E.Offered, offer: O.Open }, 'accept', { entry: E.Booked, offer: O.Accepted }],
  [{ entry: E.Offered, offer: O.Open }, 'decline', { entry: E.Declined, offer: O.Declined }],
  [{ entry: E.Offered, offer: O.Open }, 'expire', { entry: E.Expired, offer: O.Expired }],
  [{ entry: E.Offered, offer: O.Open }, 'slot_taken', { entry: E.Waiting, offer: O.Ended }],
  ...(['accept', 'decline', 'expire', 'slot_taken'] as const).flatMap((event): Row[] => [
    [{ entry: E.Offered, offer: null }, event, 'refused'],
    [{ entry: E.Waiting, offer: null }, event, 'refused'],
    ...([O.Accepted, O.Declined, O.Expired, O.Ended] as const).map((offer): Row => [{ entry: E.Offered, offer }, event, 'refused']),
  ]),

  [{ entry: E.Waiting, offer: null }, 'leave', { entry: E.Left, offer: null }],
  [{ entry: E.Offered, offer: O.Open }, 'leave', { entry: E.Left, offer: O.Declined }],
  [{ entry: E.Waiting, offer: null }, 'skip', { entry: E.Skipped, offer: null }],
  [{ entry: E.Offered, offer: O.Open }, 'skip', { entry: E.Skipped, offer: O.Ended }],
  [{ entry: E.Waiting, offer: null }, 'remove', { entry: E.Removed, offer: null }],
  [{ entry: E.Offered, offer: O.Open }, 'remove', { entry: E.Removed, offer: O.Ended }],
  [{ entry: E.Waiting, offer: null }, 'booked_otherwise', { entry: E.Booked, offer: null }],
  [{ entry: E.Offered, offer: O.Open }, 'booked_otherwise', { entry: E.Booked, offer: O.Ended }],
  [{ entry: E.Offered, offer: O.Expired }, 'leave', 'refused'],
  ...(['leave', 'skip', 'remove', 'booked_otherwise'] as const).flatMap((event) =>
    ENTRY_STATUSES.filter((entry) => !entryIsLive({ status: entry })).map((entry): Row => [{ entry, offer: null }, event, 'refused']),
  ),
];

describe('waitlistTransition (the waitlist contract: every waitlist command asks it)', () => {
  it.each(TABLE.map(([from, event, to]) => [`${from.entry ?? 'no entry'}/${from.offer ?? 'no offer'}`, event, to, from] as const))('%s, %s → %j', (_name, event, to, from) => {
    const t = waitlistTransition(from, event);
    expect(t.ok ? { entry: t.entry, offer: t.offer } : 'refused').toEqual(to);
  });

  it('every entry status out of line can be neither offered, left, skipped, removed nor booked', () => {
    const out = ENTRY_STATUSES.filter((s) => !entryIsLive({ status: s }));
    expect(out).toEqual([E.Booked, E.Declined, E.Expired, E.Left, E.Skipped, E.Removed]);
  });
});

describe('stored statuses read as the unions', () => {
  it('a value the migrations allow reads as itself; any other as out of line (removed) or ended', () => {
    for (const s of ENTRY_STATUSES) expect(asEntryStatus(s)).toBe(s);
    for (const s of OFFER_STATUSES) expect(asOfferStatus(s)).toBe(s);
    expect(asEntryStatus('Waiting')).toBe(E.Removed);
    expect(asOfferStatus('')).toBe(O.Ended);
  });
});
