/**
 * Test support for web/public/early-requests.js (no tests of its own): runs it as a page at a
 * URL would, with `fetch` stubbed, and undoes that.
 */
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';

/** Runs web/public/early-requests.js as a page at `url` would (window is the global object there), with `fetch` stubbed. */
export function openPage(url: string, fetch: typeof globalThis.fetch) {
  const page = new URL(url, 'https://www.example.test');
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', page);
  vi.stubGlobal('fetch', fetch);
  new Function(readFileSync(new URL('../../public/early-requests.js', import.meta.url), 'utf8'))();
}

/** Undoes openPage: the globals and the responses left waiting. */
export function closePage(): void {
  vi.unstubAllGlobals();
  delete (globalThis as { __earlyResponses?: unknown }).__earlyResponses;
}

/** A stubbed `fetch` answering every call 200 with `body` as JSON. */
export const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
