import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { fetchWholeResponse } from './whole-response-fetch';
import { pb } from './pb';
import { cutAnswer } from './cut-answer.test-support';

afterEach(() => vi.unstubAllGlobals());

describe('fetchWholeResponse', () => {
  it('passes a whole answer on unchanged (status, headers, body, url)', async () => {
    const answer = new Response('{"a":1}', { status: 201, statusText: 'Created', headers: { 'X-Test': 'yes' } });
    Object.defineProperty(answer, 'url', { value: 'http://example.test/x' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    const got = await fetchWholeResponse('http://example.test/x');
    expect([got.status, got.statusText, got.headers.get('X-Test'), got.url]).toEqual([201, 'Created', 'yes', 'http://example.test/x']);
    expect(await got.json()).toEqual({ a: 1 });
  });

  it('answers a 204 with no body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const got = await fetchWholeResponse('http://example.test/x');
    expect([got.status, await got.text()]).toEqual([204, '']);
  });

  it('rejects when the body is cut off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutAnswer('{"token":"abc","record":{"id":"r1"}}', 5)),
    );
    await expect(fetchWholeResponse('http://example.test/x')).rejects.toThrow(TypeError);
  });
});

describe('the app’s PocketBase client', () => {
  it('reports a cut-off answer as a network failure (status 0), never as an empty success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutAnswer('{"items":[{"id":"b1"}],"page":1}', 3)),
    );
    const err = await pb.send('/api/collections/bookings/records', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).status).toBe(0);
  });
});
