/**
 * A really full data disk (docs/decisions/022-internal-failures.md): the server's data dir on a
 * small tmpfs filled to the last byte. Every write route answers 5xx with a plain sentence
 * (never a 4xx, which the admin's outbox would take for a refusal and set aside), the failure is
 * logged to stderr, /api/health answers 503; with room again, the same requests succeed and
 * health is 200. Needs root (mount), as the test machine and CI have.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { charge, newKey, stageBooking, staffToken } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { expectClearSentence } from './fixtures';
import { bookingRequest, request, superuserAt, template } from './support';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'pb-full-disk-'));
const dataDir = path.join(mountPoint, 'pb_data');
const filler = path.join(mountPoint, 'filler');
let server: Awaited<ReturnType<typeof startServer>>;
let su: PocketBase;
let admin: string;
let bookingId: string;

/** Fills the file system of `file` to the last byte it will take. */
function fillDisk(file: string) {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch {
          break; // ENOSPC: on to smaller chunks
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint]);
  server = await startServer({ dataDir, template: template(), capture: true, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
  su = await superuserAt(server.url);
  admin = await staffToken(su, 'admin');
  bookingId = (await stageBooking(su)).id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  try {
    execFileSync('umount', [mountPoint]);
  } finally {
    rmSync(mountPoint, { recursive: true, force: true });
  }
});

interface Answer {
  status: number;
  body: any;
}

const call = (method: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => request({ base: server.url, method, route, body, headers });

let seq = 0;
/** Every kind of write the site and the admin make, fresh each time (new ids, keys, slots). */
const writes: [string, () => Promise<Answer>][] = [
  [
    'checkout',
    () =>
      call('POST', '/api/fn/create-booking-checkout', {
        bookingData: bookingRequest({
          customerEmail: `full-${++seq}@example.com`,
          packageType: 'adorned-arrangement',
          treeSize: '5-7ft',
          installDate: '2026-12-11',
          installTimeSlot: '9-12',
          removalDate: null,
          removalTimeSlot: null,
        }),
      }),
  ],
  ['job event', () => call('POST', '/api/fn/job-events', { clientId: `fulldisk${String(++seq).padStart(7, '0')}`, bookingId, kind: 'note', text: 'Gate code 1234' }, { Authorization: admin })],
  [
    'admin notes',
    () => call('POST', '/api/fn/booking-admin-notes', { bookingId, adminNotes: `Note ${++seq}`, editedAt: new Date(Date.UTC(2026, 10, 20, 12, 0, ++seq)).toISOString() }, { Authorization: admin }),
  ],
  ['charge', () => charge(server.url, admin, newKey(), { bookingId })],
  [
    'record create',
    () => call('POST', '/api/collections/blocked_dates/records', { blocked_date: `2026-12-${String(11 + (++seq % 5)).padStart(2, '0')}`, reason: 'Full disk test' }, { Authorization: admin }),
  ],
];

describe('a full data disk', () => {
  it('every write answers 5xx with a sentence, health is 503, and the failure is logged', async () => {
    fillDisk(filler);
    // Writes may land in space SQLite's WAL already holds; once it has to grow, nothing fits.
    for (let i = 0; i < 200 && (await writes[2]![1]()).status < 500; i++);

    for (const [name, write] of writes) {
      const res = await write();
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(500);
      expectClearSentence(res.body.message);
      expect(res.body.message).not.toMatch(/sqlite|disk is full|no space/i);
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expectClearSentence(((await health.json()) as { message: string }).message);
    expect(server.output()).toMatch(/failed: .*(database or disk is full|no space left on device)/);
  });

  it('with room again, the same writes succeed and health is 200', async () => {
    unlinkSync(filler);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    for (const [name, write] of writes) {
      const res = await write();
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });
});
