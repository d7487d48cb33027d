/**
 * Per-IP limits on what anonymous visitors can create through /api/fn/ (pb_migrations
 * …fn_rate_limits.js), on "e-mail me my link" (…stable_manage_links.js) and on the staff password
 * reset (…password_reset.js). The shared test server turns limits off (RATE_LIMITS=off) because
 * other tests fire many requests from one address; this file starts a server with them on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { request, template } from './support';

let server: Awaited<ReturnType<typeof startServer>>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-rate-test-'));

beforeAll(async () => {
  server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (route: string, body: unknown) => request({ base: server.url, route, body }).then((r) => r.status);

describe('rate limits for guests', () => {
  it.each([
    ['/api/fn/create-booking-checkout', 10, { bookingData: {} }],
    ['/api/fn/consultation-request', 10, {}],
    ['/api/fn/submit-review', 10, {}],
  ])('%s allows %i requests per 10 minutes, then 429', async (route, allowed, body) => {
    const statuses: number[] = [];
    for (let i = 0; i < allowed + 2; i++) statuses.push(await post(route, body));
    expect(statuses.slice(0, allowed).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(allowed)).toEqual([429, 429]);
  });

  it.each([
    ['/api/fn/my-booking', 30],
    ['/api/fn/my-booking/move', 10],
    ['/api/fn/my-booking/cancel', 10],
    ['/api/fn/my-booking/pay-balance', 10],
    ['/api/fn/my-booking/add-removal', 10],
  ])('the manage link route %s answers %i wrong tokens, then 429', async (route, allowed) => {
    const statuses: number[] = [];
    for (let i = 0; i < allowed + 2; i++) statuses.push(await post(route, { token: 'A'.repeat(43) }));
    expect(statuses.slice(0, allowed).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(allowed)).toEqual([429, 429]);
  });

  it("asking for one's manage link: 5 per 10 minutes from one address, even for one address asked about again (docs/decisions/027; different addresses meet the per-connection limit on addresses first, anonymous-mail.test.ts)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await post('/api/fn/my-booking/send-link', { email: 'nobody@example.com' }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('asking for a password reset link: 5 per 10 minutes from one address, whatever the addresses asked about (docs/decisions/034)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await post('/api/collections/staff/request-password-reset', { email: `nobody-${i}@test.local` }));
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
  });

  it('using a password reset link: 10 tries per 10 minutes from one address', async () => {
    const statuses: number[] = [];
    const body = { token: 'not-a-token', password: 'a-new-password-456', passwordConfirm: 'a-new-password-456' };
    for (let i = 0; i < 12; i++) statuses.push(await post('/api/collections/staff/confirm-password-reset', body));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('leaves read-only routes such as availability unthrottled at normal use', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/api/fn/availability?date=2026-11-24&size=5-7ft&kind=install`).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
