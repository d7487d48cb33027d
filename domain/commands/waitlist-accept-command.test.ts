import { describe, expect, it } from 'vitest';
import { acceptOfferChanges, offerAcceptProblem, type OfferToAccept } from './waitlist-accept-command';

const NOW = 1_000_000;
const offer = (over: Partial<OfferToAccept> = {}): OfferToAccept => ({
  id: 'o1',
  status: 'open',
  expiresAtMs: NOW + 1,
  entryId: 'e1',
  date: '2026-12-05',
  kind: 'install',
  slotId: '9-15',
  size: '7.5-9ft',
  movingBookingId: '',
  ...over,
});
const asked = { kind: 'install' as const, date: '2026-12-05', slotId: '9-15', size: '7.5-9ft' };

describe('offerAcceptProblem', () => {
  it.each([
    ['an open offer for this visit', offer(), asked, false, null],
    ['no offer', null, asked, false, { status: 404, message: 'This offer link is not valid.' }],
    ['expired by its time', offer({ expiresAtMs: NOW }), asked, false, { status: 409, message: 'This offer has expired.' }],
    ['accepted already (the second of two accepts)', offer({ status: 'accepted' }), asked, false, { status: 409, message: 'This offer has ended.' }],
    ['another time', offer(), { ...asked, slotId: '15-21' }, false, { status: 409, message: 'This offer does not match the time you chose.' }],
    ['another size', offer(), { ...asked, size: '5-7ft' }, false, { status: 409, message: 'This offer does not match the time you chose.' }],
    ['a move offer at checkout', offer({ movingBookingId: 'b1' }), asked, false, { status: 409, message: 'This offer is to move your booking: use Move my visit.' }],
    ['a move offer moved', offer({ movingBookingId: 'b1' }), null, true, null],
  ])('%s', (_name, o, a, forMove, expected) => {
    expect(offerAcceptProblem(o, a, NOW, forMove)).toEqual(expected);
  });

  it('accepting writes the offer accepted with its booking and the entry booked', () => {
    expect(acceptOfferChanges(offer(), 'b9')).toEqual([
      { op: 'update', collection: 'waitlist_offers', id: 'o1', fields: { status: 'accepted', booking: 'b9' } },
      { op: 'update', collection: 'waitlist_entries', id: 'e1', fields: { status: 'booked' } },
    ]);
  });
});
