#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:renewals`: the renewals job (pb_hooks/src/lib/customers/renewals-job.ts) over
 * 2,000 past customers: each with a deposit-paid booking of the 2026 season (the bench's made-up
 * season, scripts/bench/bench-bookings.mjs, every one paid), a 2027 season record whose
 * renewals opened the day before, the server's clock frozen on August 2, 2027. Builds the app
 * (unless --skip-build), starts the real PocketBase server (no SMTP: the job only queues), runs
 * POST /api/fn/jobs/renewals twice and prints each run's round trip and counts (target: each run
 * under 5 s, the second queueing none). Figures only, no asserts. Not part of `npm test`.
 *
 * Options: --skip-build (use the current build), --customers=N (default 2000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PocketBase from 'pocketbase';
import { seasonBooking, seedRecords } from './bench-bookings.mjs';
import { benchArgs } from './bench-figures.mjs';
import { buildAll } from '../build/build-steps.mjs';
import { startServer } from '../lib/server.mjs';
import { SEASON_2027_RENEWALS } from '../../tests/support/seasons.mjs';

const args = benchArgs();
const CUSTOMERS = Number(args.get('--customers') ?? 2000);
const TARGET_MS = 5000;
const SUPERUSER = { email: 'bench@bench.local', password: 'bench-superuser-password-1' };
const BATCH = 500;

/** Past customer `i`: the bench's season booking, its deposit paid. @param {number} i */
function pastCustomer(i) {
  const b = seasonBooking(i);
  return { ...b, status: 'confirmed', payment_status: 'deposit_paid', balance_remaining: Number(b.total_price) / 2, deposit_paid_at: '2026-10-15 15:00:00.000Z', hold_expires_at: '' };
}

async function main() {
  if (args.get('--skip-build') !== 'true') {
    console.log('Building the server, hooks and web app…');
    await buildAll();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-renewals-'));
  const server = await startServer({ dataDir, superuser: SUPERUSER, env: { APP_NOW: '2027-08-02T16:00:00Z', RATE_LIMITS: 'off' } });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    await su.settings.update({ batch: { enabled: true, maxRequests: BATCH, timeout: 60, maxBodySize: 0 } });
    console.log(`Seeding ${CUSTOMERS} past customers…`);
    await seedRecords(su, 'bookings', CUSTOMERS, pastCustomer, BATCH);
    await su.collection('seasons').create(SEASON_2027_RENEWALS);
    const run = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/fn/jobs/renewals`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: su.authStore.token }, body: '{}' });
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`renewals: ${res.status} ${await res.text()}`);
      return { ms, .../** @type {{ season: number, due: number, queued: number, skipped: number }} */ (await res.json()) };
    };
    const first = await run();
    const second = await run();
    const mails = (await su.collection('mail_log').getList(1, 1, { filter: "kind = 'renewal'" })).totalItems;
    console.log('');
    console.log(`first run:  ${first.ms.toFixed(0)} ms, ${first.due} due, ${first.queued} queued, ${first.skipped} skipped`);
    console.log(`second run: ${second.ms.toFixed(0)} ms, ${second.due} due, ${second.queued} queued, ${second.skipped} skipped`);
    console.log(`renewal e-mails in the outbox: ${mails} (for ${CUSTOMERS} past customers)`);
    console.log(`target: each run under ${TARGET_MS} ms, the second queueing none: ${first.ms < TARGET_MS && second.ms < TARGET_MS && second.queued === 0 ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
