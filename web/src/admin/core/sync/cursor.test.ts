import { describe, expect, it } from 'vitest';
import { compareCursors, laterCursor, rewind, toPbDatetime } from './cursor';

describe('pull cursor', () => {
  it('orders by updated_at, then id', () => {
    const a = { updatedAt: '2026-11-20 17:00:00.123Z', id: 'b' };
    expect(compareCursors(a, { updatedAt: '2026-11-20 17:00:00.124Z', id: 'a' })).toBeLessThan(0);
    expect(compareCursors(a, { updatedAt: '2026-11-20 17:00:00.123Z', id: 'a' })).toBeGreaterThan(0);
    expect(compareCursors(a, { ...a })).toBe(0);
  });

  it('keeps the later cursor', () => {
    const early = { updatedAt: '2026-11-20 17:00:00.000Z', id: 'z' };
    const late = { updatedAt: '2026-11-20 17:00:00.001Z', id: 'a' };
    expect(laterCursor(early, late)).toBe(late);
    expect(laterCursor(late, early)).toBe(late);
    expect(laterCursor(null, early)).toBe(early);
    expect(laterCursor(early, null)).toBe(early);
  });

  it('rewinds a few seconds and drops the id', () => {
    expect(rewind({ updatedAt: '2026-11-20 17:00:00.123Z', id: 'abc' })).toEqual({ updatedAt: '2026-11-20 16:59:55.123Z', id: '' });
    expect(rewind({ updatedAt: '2026-11-20 00:00:01.000Z', id: 'abc' }, 2000)).toEqual({ updatedAt: '2026-11-19 23:59:59.000Z', id: '' });
    expect(rewind({ updatedAt: 'garbage', id: 'abc' })).toBeNull();
  });

  it('formats PocketBase datetimes', () => {
    expect(toPbDatetime(Date.parse('2026-11-20T17:00:00.5Z'))).toBe('2026-11-20 17:00:00.500Z');
  });
});
