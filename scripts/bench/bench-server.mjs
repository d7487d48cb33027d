// @ts-check
/**
 * The server the data benches measure (bench:api, bench:admin, bench:offline): the app built
 * (unless skipped), the real PocketBase server on a temp data dir and a free port, its clock
 * frozen inside the season the made-up bookings belong to (scripts/bench/bench-bookings.mjs) and
 * its per-IP rate limits off (one address sends every request), a superuser client with batch
 * requests on, and a season's bookings seeded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { seasonBooking, seedRecords } from './bench-bookings.mjs';
import { buildAll } from '../build/build-steps.mjs';
import { startServer } from '../lib/server.mjs';

/** The server's frozen "now" (APP_NOW): the season the bookings of bench-bookings.mjs are in. */
export const SEASON_NOW = '2026-11-20T17:00:00Z';
const SUPERUSER = { email: 'bench@bench.local', password: 'bench-superuser-password-1' };
const ADMIN = { email: 'bench-admin@bench.local', password: 'bench-admin-password-1' };
/** Records per batch request while seeding. */
const BATCH = 500;

/**
 * Builds (unless `skipBuild`), starts the server and seeds `bookings` season bookings. Resolves
 * with its URL, the signed-in superuser client and `stop` (the server stopped, its data dir
 * removed); the server is stopped again if seeding fails.
 * @param {{ name: string, bookings: number, skipBuild: boolean, root?: string, env?: Record<string, string> }} opts `name` labels the data dir;
 *   `root` serves another checkout's build (scripts/lib/server.mjs serveArgs); `env` adds to the server's environment
 * @returns {Promise<{ url: string, su: PocketBase, stop: () => Promise<void> }>}
 */
export async function seasonServer({ name, bookings, skipBuild, root, env = {} }) {
  if (!skipBuild) {
    console.log('Building the server, hooks and web app…');
    await buildAll();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pb-bench-${name}-`));
  const server = await startServer({ dataDir, root, superuser: SUPERUSER, env: { APP_NOW: SEASON_NOW, RATE_LIMITS: 'off', ...env } });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    await su.settings.update({ batch: { enabled: true, maxRequests: BATCH, timeout: 60, maxBodySize: 0 } });
    console.log(`Seeding ${bookings} bookings…`);
    await seedRecords(su, 'bookings', bookings, seasonBooking, BATCH);
    return { url: server.url, su, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Creates the bench's admin (a staff account with the admin role) and resolves with a client
 * signed in as it. @param {string} url @param {PocketBase} su
 */
export async function benchAdmin(url, su) {
  await su.collection('staff').create({ ...ADMIN, passwordConfirm: ADMIN.password, role: 'admin', name: 'Bench Admin' });
  const admin = new PocketBase(url);
  admin.autoCancellation(false);
  await admin.collection('staff').authWithPassword(ADMIN.email, ADMIN.password);
  return admin;
}
