import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pb';
import { cutAnswer } from '@/lib/cut-answer.test-support';
import { renewSession } from '../session/admin-session';
import { refreshSession } from './refresh-session';

const jwt = (payload: object) => `x.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.y`;
const exp = () => Math.floor(Date.now() / 1000) + 3600;
const ADMIN = { id: 'a1', collectionId: 'c1', collectionName: 'staff', role: 'admin', email: 'owner@example.test' };
const STORED = jwt({ exp: exp(), id: 'a1' });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => pb.authStore.save(STORED, ADMIN));
afterEach(() => {
  vi.unstubAllGlobals();
  pb.authStore.clear();
});

describe('refreshSession', () => {
  it('stores the renewed token and record', async () => {
    const renewed = jwt({ exp: exp() + 60, id: 'a1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ token: renewed, record: { ...ADMIN, name: 'Owner' } })),
    );
    await refreshSession();
    expect(pb.authStore.token).toBe(renewed);
    expect(pb.authStore.record?.name).toBe('Owner');
  });

  it.each([
    ['an empty answer', () => json({})],
    ['an answer without a record', () => json({ token: jwt({ exp: exp() }) })],
    ['an answer cut off mid-body', () => cutAnswer(JSON.stringify({ token: jwt({ exp: exp() }), record: ADMIN }), 20)],
  ])('keeps the session on %s and rejects as a network failure', async (_name, answer) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    await expect(refreshSession()).rejects.toMatchObject({ status: 0 });
    expect([pb.authStore.token, pb.authStore.record?.id]).toEqual([STORED, 'a1']);
  });
});

describe('renewSession', () => {
  it('keeps the admin signed in when the renewal’s answer is cut off, for a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutAnswer(JSON.stringify({ token: jwt({ exp: exp() }), record: ADMIN }), 20)),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await renewSession()).toBe('unanswered');
    expect([pb.authStore.token, pb.authStore.isValid]).toEqual([STORED, true]);
  });
});
