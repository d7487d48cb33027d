/**
 * The release and its backups (docs/decisions/014-production.md): the release that
 * `npm run build` leaves in release/ is copied out of the repository and started there in
 * production mode (demo payments explicitly allowed, e-mail to an SMTP sink) on a fresh data
 * dir; a customer uploads an inspiration image, books and pays the demo deposit through the API;
 * the day's backups are made (PocketBase's own, as the daily schedule makes them, and
 * `npm run backup`); the server stops; each backup is restored into another fresh data dir with
 * `pocketbase restore`, the release starts on it, and the booking, its image and its mail log
 * are all there.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_DIR } from '../../scripts/build/release.mjs';
import { ROOT } from '../../scripts/lib/run.mjs';
import { freePort, spawnServer } from '../../scripts/lib/server.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SERVER_NOW, SUPERUSER } from './constants';
import { PNG, imageForm } from './image-fixtures';
import { bookingRequest } from './support';

const exec = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
const app = path.join(work, 'app');
const bin = path.join(app, 'pocketbase');
const CUSTOMER = 'holly.release@example.com';

let sink: SmtpSink;
let port: number;
let env: NodeJS.ProcessEnv;

/** Starts the copied release on a data dir, from a working directory that is neither. */
function startRelease(dataDir: string) {
  return spawnServer({ bin, args: ['serve', `--dir=${dataDir}`], cwd: work, url: `http://127.0.0.1:${port}`, port, dataDir, env, capture: true });
}

async function superuserOn(url: string): Promise<PocketBase> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return pb;
}

const modeOf = (p: string) => (statSync(p).mode & 0o777).toString(8);

beforeAll(async () => {
  if (!existsSync(path.join(RELEASE_DIR, 'pocketbase'))) throw new Error('No release/ to test: run `npm run build` first.');
  expect(path.relative(ROOT, work).startsWith('..')).toBe(true);
  cpSync(RELEASE_DIR, app, { recursive: true });
  sink = await startSmtpSink();
  port = await freePort();
  // Only what a production environment file holds, nothing from the repository's shell.
  env = {
    PATH: process.env.PATH,
    APP_ENV: 'production',
    APP_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: 'owner@release.test',
    ALLOW_DEMO_PAYMENTS: 'true',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    MAIL_FROM: 'bookings@release.test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_NOW: SERVER_NOW,
  };
});

afterAll(async () => {
  await sink?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the release, backed up and restored', () => {
  const live = path.join(work, 'live-data');
  const backups: string[] = [];
  let bookingId = '';
  let imageUrl = '';
  let mailKinds: string[] = [];

  it('runs from a copy outside the repository, in production mode, and takes a paid demo booking with an image', async () => {
    // The migrations require their frozen helpers beside them (docs/decisions/067-frozen-migration-helpers.md).
    expect(existsSync(path.join(app, 'pb_migrations', 'helpers', 'collections-v1.js'))).toBe(true);
    await exec(bin, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password, `--dir=${live}`], { cwd: work, env });
    const server = await startRelease(live);
    try {
      expect(server.output()).toContain('Production runs it only because ALLOW_DEMO_PAYMENTS=true.');
      expect((await fetch(`${server.url}/services`)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

      const image = await new PocketBase(server.url).collection('inspiration_images').create(imageForm(PNG, 'mantel.png', 'image/png'));
      imageUrl = `/api/files/inspiration_images/${image.id}/${image.image}`;
      const post = (route: string, body: unknown) => fetch(`${server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const checkout = await post('/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: CUSTOMER, styleInspirationImages: [`${server.url}${imageUrl}`] }) });
      expect(checkout.status).toBe(200);
      const session = (await checkout.json()) as { sessionId: string; bookingId: string };
      bookingId = session.bookingId;
      expect((await post('/api/fn/demo-checkout/pay', { sessionId: session.sessionId })).status).toBe(200);
      await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(CUSTOMER) && (m.subject?.startsWith('Booking confirmed') ?? false));
      await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(CUSTOMER) && (m.subject?.startsWith('Receipt:') ?? false));

      const su = await superuserOn(server.url);
      const booking = await su.collection('bookings').getOne(bookingId);
      expect(booking).toMatchObject({ payment_status: 'deposit_paid', status: 'confirmed', style_inspiration_images: [`${server.url}${imageUrl}`] });
      const mails = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id: bookingId }) });
      mailKinds = mails.map((m) => `${m.kind}:${m.status}`).sort();
      expect(mailKinds).toEqual(['booking_confirmation:sent', 'business_notice:sent', 'receipt:sent']);

      // The day's backups, while the server runs: PocketBase's own (what the daily schedule
      // makes) and `npm run backup` (the repository's command on the same data dir).
      await su.backups.create('daily_release_test.zip');
      backups.push(path.join(live, 'backups', 'daily_release_test.zip'));
      const { stdout } = await exec(process.execPath, [path.join(ROOT, 'scripts', 'ops', 'backup.mjs'), 'npm_release_test.zip'], { cwd: ROOT, env: { ...process.env, PB_DATA_DIR: live } });
      expect(stdout).toContain(`Backup npm_release_test.zip written to ${path.join(live, 'backups', 'npm_release_test.zip')}`);
      backups.push(path.join(live, 'backups', 'npm_release_test.zip'));
    } finally {
      await server.stop();
    }
    expect(modeOf(live)).toBe('700');
    expect(modeOf(path.join(live, 'data.db'))).toBe('600');
    for (const b of backups) expect(modeOf(b)).toBe('600');
  }, 60_000);

  it.each([
    ['the daily backup', 0],
    ['the `npm run backup` backup', 1],
  ])(
    '%s restores into a fresh data dir with the booking, its image and its mail log',
    async (_name, index) => {
      const restored = path.join(work, `restored-${index}`);
      const { stdout } = await exec(bin, ['restore', backups[index]!, restored], { cwd: work, env });
      expect(stdout).toContain(`into ${restored}`);
      expect(modeOf(restored)).toBe('700');
      expect(modeOf(path.join(restored, 'data.db'))).toBe('600');
      expect(readdirSync(restored)).not.toContain('backups');

      const server = await startRelease(restored);
      try {
        const su = await superuserOn(server.url);
        const booking = await su.collection('bookings').getOne(bookingId);
        expect(booking).toMatchObject({ customer_email: CUSTOMER, payment_status: 'deposit_paid', status: 'confirmed' });
        const image = await fetch(`${server.url}${imageUrl}`);
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
        const mails = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id: bookingId }) });
        expect(mails.map((m) => `${m.kind}:${m.status}`).sort()).toEqual(mailKinds);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it('refuses to restore over a data dir that has data', async () => {
    await expect(exec(bin, ['restore', backups[0]!, live], { cwd: work, env })).rejects.toMatchObject({ code: 1, stderr: `Restore failed: ${live} is not empty: restore into a new directory\n` });
  });
});
