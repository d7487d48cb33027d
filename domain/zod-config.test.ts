import { describe, expect, it, vi } from 'vitest';

describe('zod-config', () => {
  it('makes zod parse without eval, whether zod loads after it or before', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const evalSpy = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string(), n: z.number() }).parse({ name: 'a', n: 1 })).toEqual({ name: 'a', n: 1 });
    expect(evalSpy).not.toHaveBeenCalled();
  });
});
