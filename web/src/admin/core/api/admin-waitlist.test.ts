import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('@/lib/pb', () => ({ pb: { send: (...args: unknown[]) => send(...args) } }));

const { fetchDaySlots, offerWaitlistSlot, removeWaitlistEntry, skipWaitlistEntry } = await import('./admin-waitlist');

describe('the owner’s waitlist calls', () => {
  beforeEach(() => send.mockReset());

  it('offers a slot with the key and reads the entry and the offer', async () => {
    send.mockResolvedValue({ entry: { id: 'e1', updated_at: 'x', status: 'offered' }, offer: { id: 'o1', updated_at: 'x', status: 'open' } });
    const answer = await offerWaitlistSlot('e1', '9-12', 'k1');
    expect(answer.offer?.id).toBe('o1');
    expect(send).toHaveBeenCalledWith('/api/fn/admin-waitlist/offer', expect.objectContaining({ method: 'POST', body: { entry: 'e1', slot: '9-12' }, headers: { 'Idempotency-Key': 'k1' } }));
  });

  it('skips and removes, with or without an offer in the answer', async () => {
    send.mockResolvedValue({ entry: { id: 'e1', updated_at: 'x', status: 'skipped' } });
    expect((await skipWaitlistEntry('e1', 'k2')).offer).toBeUndefined();
    send.mockResolvedValue({ entry: { id: 'e1', updated_at: 'x', status: 'removed' }, offer: null });
    expect((await removeWaitlistEntry('e1', 'k3')).entry.id).toBe('e1');
    expect(send).toHaveBeenLastCalledWith('/api/fn/admin-waitlist/remove', expect.objectContaining({ body: { entry: 'e1' } }));
  });

  it('refuses an answer without the entry', async () => {
    send.mockResolvedValue({ ok: true });
    await expect(skipWaitlistEntry('e1', 'k')).rejects.toThrow();
  });

  it('reads a day’s slots for the entry’s package', async () => {
    send.mockResolvedValue({
      date: '2026-12-12',
      bookable: true,
      reason: null,
      slots: [{ id: '9-12', label: 'Morning Install', time: '9:00 AM – 12:00 PM', startHour: 9, endHour: 12, available: true }],
    });
    expect((await fetchDaySlots('2026-12-12', '5-7ft', 'install', 'adorned-arrangement')).slots[0]?.id).toBe('9-12');
    expect(send).toHaveBeenLastCalledWith('/api/fn/availability', expect.objectContaining({ query: { date: '2026-12-12', size: '5-7ft', kind: 'install', package: 'adorned-arrangement' } }));
  });
});
