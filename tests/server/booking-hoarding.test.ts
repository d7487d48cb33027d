/**
 * No slot hoarding (docs/decisions/010; docs/architecture.md reading 15), on a server of its own with every
 * per-caller limit on (the shared test server runs with RATE_LIMITS=off) and PocketBase's
 * trusted-proxy header set, so each test client can speak from its own address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { installDates } from './fixtures';
import { consultationRequest } from './review-fixtures';
import { bookingRequest, request, superuserAt, template } from './support';

const TOO_MANY_HOLDS = 'You already have unpaid checkouts waiting. Please complete or cancel one of them, or wait 30 minutes, before starting another.';
const TOO_MANY_CONSULTATIONS = 'You already have consultation requests waiting. We will contact you soon; to change one, please call or e-mail us.';

let server: Awaited<ReturnType<typeof startServer>>;
let pb: PocketBase;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-hoarding-test-'));

beforeAll(async () => {
  server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW } });
  pb = await superuserAt(server.url);
  await pb.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (ip: string, route: string, body: unknown) => request({ base: server.url, route, body, headers: { 'X-Forwarded-For': ip } });

const DATES = installDates();

const checkout = (ip: string, over: Record<string, unknown>, wizardId?: string) =>
  post(ip, '/api/fn/create-booking-checkout', {
    bookingData: bookingRequest({ packageType: 'adorned-arrangement', treeSize: '5-7ft', removalDate: null, removalTimeSlot: null, ...over }),
    ...(wizardId ? { wizardId } : {}),
  });

async function activeHoldsFrom(ip: string): Promise<number> {
  const held = await pb.collection('bookings').getFullList({ filter: pb.filter("client_ip = {:ip} && status = 'pending_payment'", { ip }) });
  return held.length;
}

describe('unpaid checkout holds', () => {
  it('the hoarding script (28 install slots from one address, a new e-mail each time) is capped at 5 holds', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    const messages = new Set<string>();
    const slots = [...DATES.map((d) => [d, '9-12']), ...DATES.map((d) => [d, '12-15'])].slice(0, 28);
    for (const [i, [installDate, installTimeSlot]] of slots.entries()) {
      const res = await checkout(ip, { installDate, installTimeSlot, customerEmail: `hoarder${i}@example.com` });
      statuses.push(res.status);
      if (res.status === 429) messages.add(res.body.message);
    }
    expect(statuses).toHaveLength(28);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(messages.has(TOO_MANY_HOLDS)).toBe(true);
    expect(await activeHoldsFrom(ip)).toBe(5);
  });

  it('one e-mail holds at most 2 unpaid checkouts, from whatever address', async () => {
    const res = [];
    for (const [i, ip] of ['198.51.100.1', '198.51.100.2', '198.51.100.3'].entries()) {
      res.push(await checkout(ip, { installDate: DATES[i]!, installTimeSlot: '12-15', customerEmail: i === 1 ? 'SAME.Person@example.com' : 'same.person@example.com' }));
    }
    expect(res.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(res[2]!.body.message).toBe(TOO_MANY_HOLDS);
  });

  it('an office behind one address still books: eight colleagues one after another, each paying', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 8; i++) {
      const res = await checkout(ip, { installDate: DATES[i]!, installTimeSlot: '15-18', customerEmail: `colleague${i}@office.example` });
      expect(res.status, `colleague ${i}: ${res.body.message}`).toBe(200);
      const paid = await post(ip, '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId });
      expect(paid.status).toBe(200);
    }
  });

  it('five colleagues can be mid-payment at once from one address', async () => {
    const ip = '198.51.100.21';
    const res = await Promise.all([0, 1, 2, 3, 4].map((i) => checkout(ip, { installDate: DATES[10 + i]!, installTimeSlot: '15-18', customerEmail: `mid${i}@office.example` })));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('a customer changing their mind replaces their own hold and never hits the cap', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < 7; i++) {
      const res = await checkout(ip, { installDate: DATES[5 + i]!, installTimeSlot: '12-15', customerEmail: 'undecided@example.com' }, 'wizard_undecided_0001');
      expect(res.status, res.body.message).toBe(200);
    }
    expect(await activeHoldsFrom(ip)).toBe(1);
  });
});

describe('pending consultation requests', () => {
  const WEDNESDAYS = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16'];
  const slot = (n: number) => `${String(8 + Math.floor(n / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`;

  it('one address fills at most 5 consultation slots, whatever names, e-mails and phones it uses', async () => {
    const ip = '203.0.113.9';
    // Two requests an e-mail: within the connection's three addresses an hour and each e-mail's
    // two pending requests, so the sixth meets the slot limit itself.
    const res = [];
    for (let i = 0; i < 8; i++) {
      res.push(
        await post(
          ip,
          '/api/fn/consultation-request',
          consultationRequest({ date: WEDNESDAYS[0], timeSlot: slot(i), customerEmail: `c${Math.floor(i / 2)}@example.com`, customerPhone: `(410) 555-01${String(i).padStart(2, '0')}` }),
        ),
      );
    }
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(res[5]!.body.message).toBe(TOO_MANY_CONSULTATIONS);
  });

  it('one e-mail or one phone (however it is written) has at most 2 pending requests', async () => {
    const byEmail = [];
    for (let i = 0; i < 3; i++) {
      byEmail.push(
        await post(
          `192.0.2.${i + 1}`,
          '/api/fn/consultation-request',
          consultationRequest({ date: WEDNESDAYS[1], timeSlot: slot(i), customerEmail: 'planner@example.com', customerPhone: `(301) 555-02${i}0` }),
        ),
      );
    }
    expect(byEmail.map((r) => r.status)).toEqual([200, 200, 429]);

    const phones = ['(443) 555-0199', '443-555-0199', '443 555 0199'];
    const byPhone = [];
    for (const [i, customerPhone] of phones.entries()) {
      byPhone.push(
        await post(`192.0.2.${i + 10}`, '/api/fn/consultation-request', consultationRequest({ date: WEDNESDAYS[2], timeSlot: slot(i), customerEmail: `phone${i}@example.com`, customerPhone })),
      );
    }
    expect(byPhone.map((r) => r.status)).toEqual([200, 200, 429]);
  });
});
