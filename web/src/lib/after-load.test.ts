import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_LOAD_DELAY_MS, IDLE_TIMEOUT_MS, whenIdleAfterLoad } from './after-load';

/** A window and document standing in for the browser's: `load` fired by hand, idle callbacks queued. */
function fakeBrowser(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>();
  const idle: { run: () => void; timeout?: number }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const win = {
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }) - 1,
    clearTimeout: (id: number) => timers.splice(id, 1),
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    requestIdleCallback: (run: () => void, opts?: { timeout?: number }) => idle.push({ run, timeout: opts?.timeout }) - 1,
    cancelIdleCallback: (id: number) => idle.splice(id, 1),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { readyState });
  /** Runs the timer of the delay after load, as the clock would. */
  const passDelay = () => {
    const t = timers.shift()!;
    expect(t.ms).toBe(AFTER_LOAD_DELAY_MS);
    t.run();
  };
  return { fireLoad: () => listeners.get('load')?.(), idle, listeners, timers, passDelay };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenIdleAfterLoad', () => {
  it('waits for load, then AFTER_LOAD_DELAY_MS, then for the browser to idle (at most IDLE_TIMEOUT_MS)', () => {
    const b = fakeBrowser('loading');
    const run = vi.fn();
    whenIdleAfterLoad(run);
    expect(b.idle).toHaveLength(0);
    b.fireLoad();
    expect(b.idle).toHaveLength(0);
    b.passDelay();
    expect(b.idle).toEqual([{ run, timeout: IDLE_TIMEOUT_MS }]);
    expect(run).not.toHaveBeenCalled();
    b.idle[0]!.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('starts the delay at once on a page that has already loaded', () => {
    const b = fakeBrowser('complete');
    whenIdleAfterLoad(() => {});
    b.passDelay();
    expect(b.idle).toHaveLength(1);
    expect(b.listeners.size).toBe(0);
  });

  it('cancelled before load, it neither listens nor runs', () => {
    const b = fakeBrowser('loading');
    const run = vi.fn();
    const cancel = whenIdleAfterLoad(run);
    cancel();
    b.fireLoad();
    expect(b.listeners.size).toBe(0);
    expect(b.idle).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
  });

  it('cancelled during the delay after load, it never asks for idle time', () => {
    const b = fakeBrowser('loading');
    const cancel = whenIdleAfterLoad(() => {});
    b.fireLoad();
    cancel();
    expect(b.timers).toHaveLength(0);
    expect(b.idle).toHaveLength(0);
  });
});
