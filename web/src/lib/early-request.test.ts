import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly, takeEarlyResponse } from './early-request';
import { answer, closePage, openPage } from './early-requests.test-support';

describe('a request started early', () => {
  it('is the one the page takes, once: the next caller asks again', async () => {
    const load = vi.fn(async () => 'first');
    startEarly('view:a', load);
    // A second start while it waits asks nothing more.
    startEarly('view:a', load);
    expect(load).toHaveBeenCalledTimes(1);

    const again = vi.fn(async () => 'asked again');
    await expect(takeEarly('view:a', again)).resolves.toBe('first');
    expect(again).not.toHaveBeenCalled();
    // Taken: a retry or a second mount gets a fresh answer.
    await expect(takeEarly('view:a', again)).resolves.toBe('asked again');
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('is asked for when nothing was started under its key', async () => {
    startEarly('view:b', async () => 'b');
    await expect(takeEarly('view:c', async () => 'c')).resolves.toBe('c');
    await expect(takeEarly('view:b', async () => 'not this')).resolves.toBe('b');
  });

  it('keeps its failure for the caller that takes it, with no unhandled rejection meanwhile', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarly('view:d', () => Promise.reject(new Error('This link is not valid.')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarly('view:d', async () => 'not this')).rejects.toThrow('This link is not valid.');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('a linked screen’s request, started by early-requests.js before the app loads', () => {
  afterEach(closePage);

  it.each([
    ['/waitlist/offer?token=t1', 'waitlist-offer:t1', '/api/fn/waitlist/offer'],
    ['/booking?renewal=r%2B1', 'renewal:r+1', '/api/fn/renewal?token=r%2B1'],
  ])('starts %s’s read under the key its page takes (%s)', (url, key, route) => {
    const fetch = answer({});
    openPage(url, fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(route, route.includes('?') ? undefined : expect.anything());
    expect(takeEarlyResponse(key)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse(key)).toBeUndefined();
  });

  it.each(['/', '/my-booking', '/booking?package=classic', '/consultation?token=x'])('asks nothing on %s', (url) => {
    const fetch = answer({});
    openPage(url, fetch);
    expect(fetch).not.toHaveBeenCalled();
  });
});
