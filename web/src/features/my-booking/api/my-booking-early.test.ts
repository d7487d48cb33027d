import { afterEach, describe, expect, it } from 'vitest';
import { answer, closePage, openPage } from '@/lib/early-requests.test-support';
import { fetchMyBooking } from './my-booking';

describe('the manage page’s booking, read by web/public/early-requests.js before the app loads', () => {
  afterEach(closePage);

  it('is the manage page’s one read: the page takes it instead of asking again, once', async () => {
    const fetch = answer({ reference: 'early' });
    openPage('/my-booking?token=%20abc%20', fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/fn/my-booking', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'abc' }) }));
    await expect(fetchMyBooking('abc')).resolves.toEqual({ reference: 'early' });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken: a retry asks the server again.
    await fetchMyBooking('abc');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
