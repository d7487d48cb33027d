import { describe, expect, it, vi } from 'vitest';
import { requestErasure } from './erase-customer';

describe('requestErasure (POST /api/fn/admin-customers/erase)', () => {
  it('calls the route with the key, the e-mail and its confirmation, and reads the answer', async () => {
    const send = vi.fn().mockResolvedValue({ found: true, counts: { bookings: 1 }, uploadsDeleted: 0 });
    await expect(requestErasure('ann@example.com', 'Ann@example.com', 'k1', send)).resolves.toEqual({ found: true, counts: { bookings: 1 }, uploadsDeleted: 0 });
    expect(send).toHaveBeenCalledWith('/api/fn/admin-customers/erase', {
      method: 'POST',
      body: { email: 'ann@example.com', confirm: 'Ann@example.com' },
      headers: { 'Idempotency-Key': 'k1' },
      requestKey: null,
    });
  });

  it('refuses an answer of another shape', async () => {
    await expect(requestErasure('a@b.c', 'a@b.c', 'k', vi.fn().mockResolvedValue({ ok: true }))).rejects.toThrow();
  });
});
