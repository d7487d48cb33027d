import { describe, expect, it, vi } from 'vitest';
import { onReturnFromCache } from './back-forward-cache';

/** A `pageshow` event as the browser fires it: `persisted` when the page came from the back/forward cache. */
const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

describe('a page shown again from the back/forward cache', () => {
  it('runs the reset on a return from the cache, not on the page’s first show, and no more once stopped', () => {
    const win = new EventTarget();
    const reset = vi.fn();
    const stop = onReturnFromCache(reset, win);
    win.dispatchEvent(pageshow(false));
    expect(reset).not.toHaveBeenCalled();
    win.dispatchEvent(pageshow(true));
    expect(reset).toHaveBeenCalledOnce();
    stop();
    win.dispatchEvent(pageshow(true));
    expect(reset).toHaveBeenCalledOnce();
  });
});
