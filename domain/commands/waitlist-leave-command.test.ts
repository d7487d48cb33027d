import { describe, expect, it } from 'vitest';
import { isRefusal } from './command';
import { waitlistDeclineCommand } from './waitlist-decline-command';
import { waitlistExpireCommand, withOffersEnded } from './waitlist-expire-command';
import { waitlistLeaveCommand, waitlistOwnerCommand, type WaitlistReleaseState } from './waitlist-leave-command';

const NOW = 1_000_000;
const live = (status: 'waiting' | 'offered', openOfferId: string | null = null): WaitlistReleaseState => ({ entry: { id: 'e1', status, date: '2026-12-05' }, openOfferId });

describe('leave, skip and remove', () => {
  it.each([
    ['leave, waiting', waitlistLeaveCommand, live('waiting'), [['waitlist_entries', 'left']], ''],
    [
      'leave with an open offer: declined, passed on',
      waitlistLeaveCommand,
      live('offered', 'o1'),
      [
        ['waitlist_entries', 'left'],
        ['waitlist_offers', 'declined'],
      ],
      '2026-12-05',
    ],
    [
      'skip with an open offer: ended, passed on',
      waitlistOwnerCommand('skip'),
      live('offered', 'o1'),
      [
        ['waitlist_entries', 'skipped'],
        ['waitlist_offers', 'ended'],
      ],
      '2026-12-05',
    ],
    ['remove', waitlistOwnerCommand('remove'), live('waiting'), [['waitlist_entries', 'removed']], ''],
    ['an entry out of line already: nothing', waitlistLeaveCommand, { entry: { id: 'e1', status: 'left' as const, date: '2026-12-05' }, openOfferId: null }, [], ''],
  ])('%s', (_name, command, state, writes, freedDate) => {
    const out = command.decide(state, { token: 't', entryId: 'e1', action: 'skip' } as never, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes.map((c) => [c.collection, (c.fields as { status: string }).status])).toEqual(writes);
    expect(out.answer.freedDate).toBe(freedDate);
  });

  it('an unknown token or entry: 404', () => {
    expect(waitlistLeaveCommand.decide({ entry: null, openOfferId: null }, { token: 't' }, NOW)).toEqual({ status: 404, message: 'This waitlist link is not valid.' });
    expect(waitlistOwnerCommand('skip').decide({ entry: null, openOfferId: null }, { entryId: 'x', action: 'skip' }, NOW)).toEqual({ status: 404, message: 'Waitlist entry not found.' });
  });
});

describe('decline and expiry', () => {
  const offer = (status: 'open' | 'declined' | 'expired' | 'ended' | 'accepted', expiresAtMs = NOW + 1) => ({ id: 'o1', status, expiresAtMs, entryId: 'e1', date: '2026-12-05' });
  it.each([
    ['open: declined, passed on', offer('open'), 200, '2026-12-05'],
    ['declined already: the same answer', offer('declined'), 200, ''],
    ['expired by its time', offer('open', NOW), 409, 'This offer has expired.'],
    ['accepted', offer('accepted'), 409, 'This offer has ended.'],
  ])('decline %s', (_name, o, status, detail) => {
    const out = waitlistDeclineCommand.decide({ offer: o }, { token: 't' }, NOW);
    if (status === 200) expect('answer' in out && out.answer.freedDate).toBe(detail);
    else expect(out).toEqual({ status, message: detail });
  });

  it.each([
    [
      'past its end: expired, the entry expired',
      offer('open', NOW),
      false,
      'expired',
      [
        ['waitlist_offers', 'expired'],
        ['waitlist_entries', 'expired'],
      ],
      0,
    ],
    [
      'its slot taken: ended, the entry back in line, told',
      offer('open'),
      true,
      'ended',
      [
        ['waitlist_offers', 'ended'],
        ['waitlist_entries', 'waiting'],
      ],
      1,
    ],
    ['still held: nothing', offer('open'), false, 'none', [], 0],
    ['no longer open: nothing', offer('accepted', NOW), true, 'none', [], 0],
  ])('expiry: %s', (_name, o, takenOtherwise, outcome, writes, mails) => {
    const out = waitlistExpireCommand.decide({ offer: o, takenOtherwise }, { offerId: 'o1' }, NOW);
    if (!('changes' in out)) throw new Error(out.message);
    expect(out.answer.outcome).toBe(outcome);
    expect(out.changes.map((c) => [c.collection, (c.fields as { status: string }).status])).toEqual(writes);
    expect(out.mails).toHaveLength(mails);
  });

  it("the phone booking's 'Book anyway' ends the offers in its own decision, a refusal untouched", () => {
    const made = withOffersEnded({ changes: [], mails: [{ which: 'confirmation' }], answer: 1 }, [{ id: 'o1', entryId: 'e1' }]);
    expect('changes' in made && made.changes.map((c) => c.id)).toEqual(['o1', 'e1']);
    expect('mails' in made && made.mails).toEqual([{ which: 'confirmation' }, { kind: 'ended', offerId: 'o1' }]);
    expect(withOffersEnded({ status: 409, message: 'x' }, [{ id: 'o1', entryId: 'e1' }])).toEqual({ status: 409, message: 'x' });
  });
});
