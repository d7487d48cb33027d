import { describe, expect, it } from 'vitest';
import { callFn } from './support';

describe('server', () => {
  it('answers health and season with the frozen clock', async () => {
    const res = await callFn('GET', '/api/fn/season');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-11-20');
  });
});
