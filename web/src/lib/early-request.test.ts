import { describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early-request';

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
