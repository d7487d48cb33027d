import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchOffer, joinWaitlist, leaveWaitlist, WaitlistError } from './waitlist';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

const offer = {
  status: 'open',
  date: '2026-12-12',
  kind: 'install',
  slot: { id: '9-12', label: 'Morning Install', time: '9:00 AM – 12:00 PM' },
  size: '5-7ft',
  expiresAt: '2026-12-11T01:00:00.000Z',
  choices: { package: 'adorned-arrangement', size: '5-7ft', addons: [] },
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '555-0100',
};

describe('the waitlist calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads an offer, with a move offer naming its booking', async () => {
    answer(200, { offer });
    expect(await fetchOffer('tok')).toMatchObject({ status: 'open', slot: { id: '9-12' }, choices: { package: 'adorned-arrangement' } });
    answer(200, { offer: { ...offer, bookingId: 'b1', choices: null } });
    expect(await fetchOffer('tok')).toMatchObject({ bookingId: 'b1', choices: null });
  });

  it("refuses an answer that is not an offer, and carries the server's sentence", async () => {
    answer(200, { offer: { ...offer, status: 'lost' } });
    await expect(fetchOffer('tok')).rejects.toThrow();
    answer(404, { message: 'This offer link is not valid.' });
    await expect(fetchOffer('tok')).rejects.toEqual(new WaitlistError('This offer link is not valid.', 404));
  });

  it('joins and leaves', async () => {
    answer(200, { entry: { id: 'e1', date: '2026-12-12', kind: 'install', status: 'waiting', position: 2 } });
    const joined = await joinWaitlist({ name: 'J', email: 'j@example.com', phone: '1', date: '2026-12-12', kind: 'install', size: '5-7ft', package: 'adorned-arrangement', choices: {} });
    expect(joined.entry.position).toBe(2);
    answer(409, { message: 'You can wait for up to 5 dates at once.' });
    await expect(joinWaitlist({ name: 'J', email: 'j@example.com', phone: '1', date: '2026-12-12', kind: 'install', size: '5-7ft', package: '', choices: {} })).rejects.toMatchObject({
      status: 409,
      message: 'You can wait for up to 5 dates at once.',
    });
    answer(200, { left: true });
    await expect(leaveWaitlist('tok')).resolves.toBeUndefined();
  });
});

describe('the answers’ rules, loaded with the request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('./waitlist-schemas');
    vi.resetModules();
  });

  it('tells a failure to load them as a lost connection, and a refusal by its own sentence', async () => {
    vi.resetModules();
    vi.doMock('./waitlist-schemas', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const calls = await import('./waitlist');
    answer(200, { offer });
    await expect(calls.fetchOffer('tok')).rejects.toEqual(new calls.WaitlistError('We could not reach the server. Please check your connection and try again.', 0));
    answer(404, { message: 'This offer link is not valid.' });
    await expect(calls.fetchOffer('tok')).rejects.toEqual(new calls.WaitlistError('This offer link is not valid.', 404));
  });
});
