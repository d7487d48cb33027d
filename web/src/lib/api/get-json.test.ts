import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessage, getJson, listAllRecords, postJson, ReadError } from './get-json';

// A real HTTP server answering as PocketBase's routes do; the page's same-origin paths are sent to it.
let server: Server;
let origin = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(url.pathname + url.search);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (req.method === 'POST' && url.pathname === '/api/fn/echo') {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => send(200, JSON.stringify({ contentType: req.headers['content-type'], body: JSON.parse(text) as unknown })));
      return;
    }
    if (url.pathname === '/api/fn/season') return send(200, JSON.stringify({ today: '2026-11-29', installDate: url.searchParams.get('installDate') }));
    if (url.pathname === '/api/fn/refused') return send(400, JSON.stringify({ status: 400, message: 'Choose a Wednesday.' }));
    if (url.pathname === '/api/fn/broken') return send(500, JSON.stringify({ status: 500, message: 'Something went wrong while processing your request.' }));
    if (url.pathname === '/api/fn/cut') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"today":');
    }
    if (url.pathname === '/api/collections/blocked_dates/records') {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      const all = Array.from({ length: 5 }, (_, i) => ({ blocked_date: `2026-12-0${i + 1}` }));
      return send(200, JSON.stringify({ page, perPage, totalItems: -1, totalPages: -1, items: all.slice((page - 1) * perPage, page * perPage) }));
    }
    return send(404, JSON.stringify({ status: 404, message: 'The requested resource wasn\u2019t found.' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((done) => server.close(done));
});

describe('getJson (the public pages’ reads without the SDK, docs/decisions/065)', () => {
  it('answers the route’s JSON, with the query in the URL', async () => {
    await expect(getJson('/api/fn/season', { installDate: '2026-12-05' })).resolves.toEqual({ today: '2026-11-29', installDate: '2026-12-05' });
    expect(seen.at(-1)).toBe('/api/fn/season?installDate=2026-12-05');
  });

  it('rejects a refusal with its status and the server’s sentence, which errorMessage shows', async () => {
    const error = await getJson('/api/fn/refused').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadError);
    expect((error as ReadError).status).toBe(400);
    expect(errorMessage(error, 'Could not load time slots.')).toBe('Choose a Wednesday.');
  });

  it('never shows PocketBase’s 500 text, a cut body or a network failure: the caller’s fallback', async () => {
    expect(errorMessage(await getJson('/api/fn/broken').catch((e: unknown) => e), 'Try again.')).toBe('Try again.');
    const cut = await getJson('/api/fn/cut').catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ReadError);
    expect(errorMessage(cut, 'Try again.')).toBe('Try again.');
    const down = await getJson('http://127.0.0.1:1/api/fn/season').catch((e: unknown) => e);
    expect((down as ReadError).status).toBe(0);
    expect(errorMessage(down, 'Try again.')).toBe('Try again.');
  });

  it('reads every record of a collection page by page, as the SDK’s getFullList', async () => {
    seen.length = 0;
    const rows = await listAllRecords<{ blocked_date: string }>('blocked_dates', { fields: 'blocked_date', batch: 2 });
    expect(rows.map((r) => r.blocked_date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(seen).toEqual([1, 2, 3].map((p) => `/api/collections/blocked_dates/records?page=${p}&perPage=2&fields=blocked_date&skipTotal=1`));
  });
});

describe('postJson (a page’s one call without the SDK: /booking-success, /submit-review)', () => {
  it('posts the body as JSON and answers the route’s JSON', async () => {
    await expect(postJson('/api/fn/echo', { sessionId: 'cs_test_1' })).resolves.toEqual({ contentType: 'application/json', body: { sessionId: 'cs_test_1' } });
  });

  it('rejects a refusal with its status and the server’s sentence, which errorMessage reads', async () => {
    const err: unknown = await postJson('/api/fn/refused', { rating: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ status: 400, response: { message: 'Choose a Wednesday.' } });
    expect(errorMessage(err, 'fallback')).toBe('Choose a Wednesday.');
  });
});
