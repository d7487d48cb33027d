import { describe, expect, it } from 'vitest';
import type { AdminWaitlistEntry, AdminWaitlistOffer } from '@/admin/core/model/records';
import { dayWaitlist, offerStateText } from './waitlist-data';

const entry = (id: string, joined_at: number, status: AdminWaitlistEntry['status'], date = '2026-12-12'): AdminWaitlistEntry => ({
  id,
  joined_at,
  status,
  date,
  kind: 'install',
  email_key: `${id}@example.com`,
  name: id,
  email: `${id}@example.com`,
  phone: '',
  tree_size: '5-7ft',
  package_type: 'adorned-arrangement',
  created_at: '',
  updated_at: '',
});
const offer = (id: string, entryId: string, offered_at: string, status: AdminWaitlistOffer['status']): AdminWaitlistOffer => ({
  id,
  entry: entryId,
  offered_at,
  status,
  date: '2026-12-12',
  kind: 'install',
  time_slot: '9-12',
  tree_size: '5-7ft',
  expires_at: '',
  created_at: '',
  updated_at: '',
});

describe('dayWaitlist', () => {
  it('puts the live entries first in line order, with their offers newest first', () => {
    const rows = dayWaitlist(
      [entry('c', 3, 'waiting'), entry('a', 1, 'expired'), entry('b', 2, 'offered'), entry('d', 4, 'waiting', '2026-12-13')],
      [offer('o1', 'a', '2026-12-10 10:00:00.000Z', 'expired'), offer('o2', 'b', '2026-12-10 22:00:00.000Z', 'open'), offer('o0', 'b', '2026-12-09 22:00:00.000Z', 'declined')],
      '2026-12-12',
    );
    expect(rows.map((r) => [r.entry.id, r.position, r.live])).toEqual([
      ['b', 1, true],
      ['c', 2, true],
      ['a', null, false],
    ]);
    expect(rows[0]?.offers.map((o) => o.id)).toEqual(['o2', 'o0']);
  });

  it('reads an offer’s state', () => {
    expect(offerStateText({ status: 'open' }, '8:00 PM')).toBe('Open until 8:00 PM');
    expect(offerStateText({ status: 'accepted' }, '')).toBe('Booked');
    expect(offerStateText({ status: 'ended' }, '')).toMatch(/^Ended/);
  });
});
