import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, whenIdleAfterLoad } from './after-load';

/** A window and document standing in for the browser's: `load` fired by hand, idle callbacks queued. */
function fakeBrowser(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>();
  const idle: { run: () => void; timeout?: number }[] = [];
  const win = {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    requestIdleCallback: (run: () => void, opts?: { timeout?: number }) => idle.push({ run, timeout: opts?.timeout }) - 1,
    cancelIdleCallback: (id: number) => idle.splice(id, 1),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { readyState });
  return { fireLoad: () => listeners.get('load')?.(), idle, listeners };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenIdleAfterLoad', () => {
  it('waits for load, then for the browser to idle (at most IDLE_TIMEOUT_MS)', () => {
    const b = fakeBrowser('loading');
    const run = vi.fn();
    whenIdleAfterLoad(run);
    expect(b.idle).toHaveLength(0);
    b.fireLoad();
    expect(b.idle).toEqual([{ run, timeout: IDLE_TIMEOUT_MS }]);
    expect(run).not.toHaveBeenCalled();
    b.idle[0]!.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('asks for idle time at once on a page that has already loaded', () => {
    const b = fakeBrowser('complete');
    whenIdleAfterLoad(() => {});
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
});
