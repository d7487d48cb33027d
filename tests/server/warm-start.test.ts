/**
 * Fast after a start and under a burst (docs/decisions/040), on a fresh server of its own: every
 * pooled hook runtime has the hook libraries loaded before /api/health first answers, so the
 * first requests load nothing; and a burst of checkouts waits its turn for those runtimes
 * instead of making throwaway ones that load lib/app.js again. Checked with the server's own
 * counts (GET /api/health/hooks, superusers only), not with timings: `npm run bench:checkout`
 * prints those.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW, SUPERUSER, TEST_HOOK_POOL_SIZE } from './constants';
import { installDates } from './fixtures';
import { baseUrl, bookingRequest, request, superuser, template } from './support';

interface HookStatus {
  poolSize: number;
  warmed: number;
  warmMs: number;
  lateLoads: number;
  extraRuntimes: number;
}

let server: Awaited<ReturnType<typeof startServer>>;
let token = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-warm-start-test-'));

beforeAll(async () => {
  server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', STRIPE_SECRET_KEY: '', HOOK_POOL_SIZE: '' } });
  // A superuser's sign-in runs no hook, so the runtimes are as the start left them.
  const auth = await request<{ token: string }>({ base: server.url, route: '/api/collections/_superusers/auth-with-password', body: { identity: SUPERUSER.email, password: SUPERUSER.password } });
  token = auth.body.token;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function hookStatus(): Promise<HookStatus> {
  const res = await request<HookStatus>({ base: server.url, route: '/api/health/hooks', token });
  expect(res.status).toBe(200);
  return res.body;
}

const checkout = (installDate: string, installTimeSlot: string, who: string) =>
  request({
    base: server.url,
    route: '/api/fn/create-booking-checkout',
    body: {
      bookingData: bookingRequest({
        packageType: 'adorned-arrangement',
        treeSize: '5-7ft',
        installDate,
        installTimeSlot,
        removalDate: null,
        removalTimeSlot: null,
        customerEmail: `${who}@example.com`,
      }),
    },
  });

describe('a fresh server', () => {
  it('has every pooled hook runtime warmed when health first answers', async () => {
    // The production pool: HOOK_POOL_SIZE unset (the other tests' servers keep fewer).
    expect(await hookStatus()).toMatchObject({ poolSize: 25, warmed: 25, lateLoads: 0, extraRuntimes: 0 });
  });

  it('answers its first checkout and calendar reads without loading a hook library', async () => {
    const first = await checkout('2026-11-24', '9-12', 'first');
    expect(first.status).toBe(200);
    const season = await request({ base: server.url, route: '/api/fn/season' });
    const slots = await request({ base: server.url, route: '/api/fn/availability?date=2026-11-24&size=5-7ft&kind=install' });
    expect([season.status, slots.status]).toEqual([200, 200]);
    expect(await hookStatus()).toMatchObject({ lateLoads: 0, extraRuntimes: 0 });
  });

  it('runs a burst of 40 checkouts on its warm runtimes: no throwaway runtime, nothing loaded again', async () => {
    const visits = installDates()
      .flatMap((date) => ['12-15', '15-18'].map((slot) => [date, slot] as const))
      .slice(0, 40);
    const answers = await Promise.all(visits.map(([date, slot], i) => checkout(date, slot, `burst${i}`)));
    expect(answers.map((a) => a.status)).toEqual(visits.map(() => 200));
    expect(await hookStatus()).toMatchObject({ lateLoads: 0, extraRuntimes: 0 });
  });

  it('keeps and warms HOOK_POOL_SIZE runtimes when it is set (the shared test servers)', async () => {
    const status = await request<HookStatus>({ base: baseUrl(), route: '/api/health/hooks', token: superuser().authStore.token });
    expect(status.body).toMatchObject({ poolSize: Number(TEST_HOOK_POOL_SIZE), warmed: Number(TEST_HOOK_POOL_SIZE) });
  });

  it('tells its hook runtimes to superusers only', async () => {
    const anonymous = await request({ base: server.url, route: '/api/health/hooks' });
    expect(anonymous.status).toBe(401);
  });
});
