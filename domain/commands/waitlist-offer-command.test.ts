import { describe, expect, it } from 'vitest';
import { scheduledBooking } from '../../tests/support/domain-builders';
import type { BookingSchedule } from '../schedule/overlap';
import type { WaitingEntry } from '../waitlist/waitlist';
import { isRefusal } from './command';
import { parseOwnerOffer, waitlistOfferCommand, type WaitlistOfferState } from './waitlist-offer-command';

const NOW = Date.UTC(2026, 10, 20, 17);
const DAY = '2026-12-05';
const booked = (slot: string): BookingSchedule => scheduledBooking({ id: slot, install_date: DAY, install_time_slot: slot });
const entry: WaitingEntry = { id: 'e1', date: DAY, kind: 'install', size: '7.5-9ft', joinedAt: 1, status: 'waiting', bookingId: '', noticeHours: 48 };
const state = (over: Partial<WaitlistOfferState> = {}): WaitlistOfferState => ({ entry, schedules: [booked('15-21')], crews: 1, offerHours: 12, newOfferId: 'o1', tokenHash: 'h', ...over });

describe('waitlist-offer decide', () => {
  it.each([
    ['no entry', state({ entry: null }), '', 404],
    ['an entry no longer waiting', state({ entry: { ...entry, status: 'offered' } }), '', 409],
    ['nothing free', state({ schedules: [booked('9-15'), booked('15-21')] }), '', 409],
    ["the owner's slot taken", state(), '15-21', 409],
    ["the owner's slot not offered for the size", state(), '9-12', 409],
  ])('refuses %s', (_name, s, slotId, status) => {
    const out = waitlistOfferCommand.decide(s, { entryId: 'e1', slotId, by: 'owner' }, NOW);
    expect(isRefusal(out) && out.status).toBe(status);
  });

  it('offers the first free slot, held for the window, and marks the entry offered with one e-mail', () => {
    const out = waitlistOfferCommand.decide(state(), { entryId: 'e1', slotId: '', by: 'job' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'waitlist_offers',
        id: 'o1',
        fields: expect.objectContaining({ entry: 'e1', time_slot: '9-15', status: 'open', by: 'job', token_hash: 'h', expires_at: '2026-11-21 05:00:00.000Z' }),
      },
      { op: 'update', collection: 'waitlist_entries', id: 'e1', fields: { status: 'offered' } },
    ]);
    expect(out.mails).toEqual([{ kind: 'offer', offerId: 'o1' }]);
  });

  it("parses the owner's { entry, slot }", () => {
    expect(parseOwnerOffer({ entry: 'e1', slot: '9-15' })).toEqual({ ok: true, value: { entryId: 'e1', slotId: '9-15', by: 'owner' } });
    expect(parseOwnerOffer({ entry: 'e1' }).ok).toBe(false);
  });
});
