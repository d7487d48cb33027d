// @ts-check
/**
 * The restore drill of docs/decisions/041-continuous-replication.md, shared by
 * `npm run drill:restore` (scripts/ops/restore-drill.mjs) and tests/server/replica-restore.test.ts:
 *
 *  1. the release (release/, from `npm run build`) is copied out of the repository and started
 *     in production mode (demo payments allowed, e-mail to a local sink) with its default
 *     replica beside the data dir;
 *  2. customers, each from their own address (behind the trusted proxy header, as in
 *     production), upload an inspiration image and book and pay a deposit; every paid booking
 *     is *acknowledged* when the pay call answers 200, and its time is kept;
 *  3. the drill waits, by reading the replica's manifest, for a pass that started after the
 *     last of them, then books a few more and at once kills the server with SIGKILL (kill -9);
 *  4. the data dir is deleted, `pocketbase restore-replica` rebuilds it from the replica, the
 *     release starts on it, and every acknowledged booking (paid) and image (same bytes) is
 *     looked for.
 *
 * Acknowledged bookings and files are split at the replica's recovery point (the manifest's
 * `upTo`: every change committed before it is in the replica): those before it must all be
 * found (the target: 0 lost); those after it may be lost.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { RELEASE_DIR } from '../build/release.mjs';
import { freePort, spawnServer } from './server.mjs';

const exec = promisify(execFile);

/** The business clock during the drill: a Friday in the season, so the dates below can be sold. */
const DRILL_NOW = '2026-11-20T17:00:00Z';
const SUPERUSER = { email: 'drill@restore.test', password: 'restore-drill-password-1' };
/** A valid 1×1 PNG; each customer's copy gets its own bytes after the image's end, so a mixed-up file shows. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * @typedef {{ bookingId: string, imageUrl: string, image: Buffer, acknowledgedAt: number }} Acknowledged
 * @typedef {{ bookings: number, files: number, lostBookings: string[], lostFiles: string[] }} Tally
 * @typedef {{
 *   intervalSeconds: number,
 *   recoveryPoint: string,
 *   recoveryPointAgeSeconds: number,
 *   crashedAt: string,
 *   older: Tally,
 *   newer: Tally,
 *   restoreOutput: string,
 * }} DrillResult
 *   `recoveryPoint` is the replica's `upTo` at the crash (ISO), `recoveryPointAgeSeconds` how long
 *   before the crash it was; `older` counts what was acknowledged before it, `newer` after.
 */

/**
 * Runs the drill in a temp dir (removed afterwards unless `keep`).
 * @param {{ intervalSeconds: number, before: number, after: number, log?: (line: string) => void, keep?: boolean }} opts
 *   `before` bookings are made and replicated, then `after` more just before the crash.
 * @returns {Promise<DrillResult>}
 */
export async function runRestoreDrill(opts) {
  const log = opts.log ?? (() => {});
  if (!existsSync(path.join(RELEASE_DIR, 'pocketbase'))) throw new Error('No release/ to drill with: run `npm run build` first.');
  const work = mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
  const app = path.join(work, 'app');
  const bin = path.join(app, 'pocketbase');
  const live = path.join(work, 'data');
  const replica = `${live}-replica`; // the default beside the data dir
  const restored = path.join(work, 'restored');
  cpSync(RELEASE_DIR, app, { recursive: true });
  const sink = await startMailSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  /** Only what a production environment file holds, nothing from the caller's shell. */
  const env = {
    PATH: process.env.PATH,
    APP_ENV: 'production',
    APP_URL: url,
    ADMIN_EMAIL: 'owner@restore.test',
    ALLOW_DEMO_PAYMENTS: 'true',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    MAIL_FROM: 'bookings@restore.test',
    HOST: '127.0.0.1',
    PORT: String(port),
    TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
    APP_NOW: DRILL_NOW,
    REPLICA_INTERVAL_SECONDS: String(opts.intervalSeconds),
  };
  const start = (/** @type {string} */ dataDir) => spawnServer({ bin, args: ['serve', `--dir=${dataDir}`], cwd: work, url, port, dataDir, env, capture: true });

  try {
    await exec(bin, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password, `--dir=${live}`], { cwd: work, env });
    const server = await start(live);
    /** @type {Acknowledged[]} */
    const acknowledged = [];
    let crashedAt = 0;
    try {
      const dates = await freeDates(url, opts.before + opts.after);
      log(`Booking and paying ${opts.before} deposits with an inspiration image each (replication every ${opts.intervalSeconds} s)…`);
      for (const [i, d] of dates.slice(0, opts.before).entries()) acknowledged.push(await bookAndPay(url, i, d));
      const lastAck = Math.max(...acknowledged.map((a) => a.acknowledgedAt));
      log('Waiting for a replication pass that started after the last of them (read from the replica’s manifest)…');
      await waitForPassAfter(replica, lastAck, (opts.intervalSeconds + 30) * 1000);
      log(`Booking ${opts.after} more, then kill -9…`);
      for (const [i, d] of dates.slice(opts.before).entries()) acknowledged.push(await bookAndPay(url, opts.before + i, d));
    } finally {
      crashedAt = Date.now();
      await server.crash();
    }

    const manifest = readManifest(replica);
    const recoveryPoint = Date.parse(manifest.upTo);
    rmSync(live, { recursive: true, force: true });
    log(`Data dir deleted. Restoring from ${replica}…`);
    const { stdout } = await exec(bin, ['restore-replica', replica, restored], { cwd: work, env });

    const restoredServer = await start(restored);
    try {
      const token = await superuserToken(url);
      /** @type {{ older: Tally, newer: Tally }} */
      const tallies = { older: emptyTally(), newer: emptyTally() };
      for (const a of acknowledged) {
        const tally = a.acknowledgedAt < recoveryPoint ? tallies.older : tallies.newer;
        tally.bookings++;
        tally.files++;
        if (!(await isPaid(url, token, a.bookingId))) tally.lostBookings.push(a.bookingId);
        if (!(await hasImage(url, a))) tally.lostFiles.push(a.imageUrl);
      }
      return {
        intervalSeconds: opts.intervalSeconds,
        recoveryPoint: new Date(recoveryPoint).toISOString(),
        recoveryPointAgeSeconds: (crashedAt - recoveryPoint) / 1000,
        crashedAt: new Date(crashedAt).toISOString(),
        ...tallies,
        restoreOutput: stdout,
      };
    } finally {
      await restoredServer.stop();
    }
  } finally {
    await sink.stop();
    if (opts.keep) log(`Kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The drill's figures as lines to print.
 * @param {DrillResult} r
 */
export function drillReport(r) {
  const line = (/** @type {string} */ name, /** @type {Tally} */ t) =>
    `${name}: ${t.bookings} bookings, ${t.files} files acknowledged; lost ${t.lostBookings.length} bookings, ${t.lostFiles.length} files`;
  return [
    `Replication every ${r.intervalSeconds} s. Crash (kill -9) at ${r.crashedAt}; the replica held every change committed before ${r.recoveryPoint} (the recovery point, ${r.recoveryPointAgeSeconds.toFixed(1)} s before the crash).`,
    `${line('Older than the recovery point (target: 0 lost)', r.older)}${r.older.lostBookings.length + r.older.lostFiles.length > 0 ? `: ${[...r.older.lostBookings, ...r.older.lostFiles].join(', ')}` : ''}`,
    `${line('Newer than the recovery point (may be lost)', r.newer)}`,
  ];
}

const emptyTally = () => ({ bookings: 0, files: 0, lostBookings: /** @type {string[]} */ ([]), lostFiles: /** @type {string[]} */ ([]) });

/** A sink that accepts and drops every e-mail (production requires SMTP). */
async function startMailSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/**
 * `count` pairs of install and removal dates whose 9 AM–3 PM slot is free for a 7.5–9 ft tree,
 * one booking a day, asked of the server's own availability.
 * @param {string} url
 * @param {number} count
 * @returns {Promise<{ install: string, removal: string }[]>}
 */
async function freeDates(url, count) {
  const free = async (/** @type {'install' | 'removal'} */ kind, /** @type {string} */ from, /** @type {string} */ installDate) => {
    const dates = [];
    for (let d = new Date(`${from}T12:00:00Z`); dates.length < count; d.setUTCDate(d.getUTCDate() + 1)) {
      const date = d.toISOString().slice(0, 10);
      const q = new URLSearchParams({ date, size: '7.5-9ft', kind, ...(kind === 'removal' ? { installDate } : {}) });
      const res = await fetch(`${url}/api/fn/availability?${q}`);
      const a = /** @type {{ bookable: boolean, slots: { id: string, available: boolean }[] }} */ (await res.json());
      if (res.ok && a.bookable && a.slots.some((s) => s.id === '9-15' && s.available)) dates.push(date);
      if (date > '2027-01-31') throw new Error(`Only ${dates.length} free ${kind} dates for the drill`);
    }
    return dates;
  };
  const installs = await free('install', '2026-11-23', '');
  const removals = await free('removal', '2026-12-26', installs[installs.length - 1] ?? '');
  return installs.map((install, i) => ({ install, removal: /** @type {string} */ (removals[i]) }));
}

/**
 * One customer (number `i`, from their own address) uploads an image and books and pays the
 * deposit; resolves when the payment is acknowledged.
 * @param {string} url
 * @param {number} i
 * @param {{ install: string, removal: string }} dates
 * @returns {Promise<Acknowledged>}
 */
async function bookAndPay(url, i, dates) {
  const headers = { 'X-Forwarded-For': `198.51.100.${(i % 250) + 1}` };
  const image = Buffer.concat([PNG, Buffer.from(`drill-${i}`)]);
  const form = new FormData();
  form.append('image', new File([image], `tree-${i}.png`, { type: 'image/png' }));
  // Uploads say which booking wizard they come from (docs/decisions/042).
  form.append('wizardId', `restore-drill-wizard-${i}`);
  const uploaded = await call(url, 'POST', '/api/collections/inspiration_images/records', form, headers);
  const imageUrl = `/api/files/inspiration_images/${uploaded.id}/${uploaded.image}`;
  const bookingData = {
    customerName: `Drill Customer ${i}`,
    customerEmail: `drill-${i}@restore.test`,
    customerPhone: '(410) 555-0100',
    customerAddress: '123 Main St, Ellicott City, MD 21043',
    packageType: 'elevated-arbor',
    treeSize: '7.5-9ft',
    installDate: dates.install,
    installTimeSlot: '9-15',
    removalDate: dates.removal,
    removalTimeSlot: '9-15',
    selectedAddons: [],
    styleInspirationImages: [`${url}${imageUrl}`],
  };
  const session = await call(url, 'POST', '/api/fn/create-booking-checkout', { bookingData }, headers);
  await call(url, 'POST', '/api/fn/demo-checkout/pay', { sessionId: session.sessionId }, headers);
  return { bookingId: session.bookingId, imageUrl, image, acknowledgedAt: Date.now() };
}

/**
 * A JSON (or multipart) call that must answer 2xx; resolves to the parsed answer.
 * @param {string} url
 * @param {string} method
 * @param {string} route
 * @param {unknown} body
 * @param {Record<string, string>} headers
 */
async function call(url, method, route, body, headers) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${url}${route}`, {
    method,
    headers: isForm ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * The replica's manifest (docs/decisions/041).
 * @param {string} replica
 * @returns {{ upTo: string, snapshots: { key: string, takenAt: string }[] }}
 */
function readManifest(replica) {
  return JSON.parse(readFileSync(path.join(replica, 'manifest.json'), 'utf8'));
}

/**
 * Polls the replica's manifest until a pass that started after `afterMs` is complete.
 * @param {string} replica
 * @param {number} afterMs
 * @param {number} timeoutMs
 */
async function waitForPassAfter(replica, afterMs, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (Date.parse(readManifest(replica).upTo) > afterMs) return;
    } catch {
      /* no manifest yet, or being replaced */
    }
    if (Date.now() > deadline) throw new Error(`No replication pass after ${new Date(afterMs).toISOString()} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** @param {string} url */
async function superuserToken(url) {
  const { token } = await call(url, 'POST', '/api/collections/_superusers/auth-with-password', { identity: SUPERUSER.email, password: SUPERUSER.password }, {});
  return /** @type {string} */ (token);
}

/**
 * Whether the restored server has the booking, paid.
 * @param {string} url
 * @param {string} token
 * @param {string} id
 */
async function isPaid(url, token, id) {
  const res = await fetch(`${url}/api/collections/bookings/records/${id}`, { headers: { Authorization: token } });
  if (!res.ok) return false;
  const booking = await res.json();
  return booking.payment_status === 'deposit_paid' && booking.status === 'confirmed';
}

/**
 * Whether the restored server serves the acknowledged image, byte for byte.
 * @param {string} url
 * @param {Acknowledged} a
 */
async function hasImage(url, a) {
  const res = await fetch(`${url}${a.imageUrl}`);
  return res.ok && Buffer.from(await res.arrayBuffer()).equals(a.image);
}
