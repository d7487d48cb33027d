/**
 * The app's mirrors and sync transport (one each per page), created on first use. Only the
 * admin chunk imports this, so the public pages never load Dexie or the PocketBase SDK for it.
 */
import { pb } from '@/lib/pb';
import { ADMIN_DB_NAME, AdminDb, adminDb } from './db';
import { Mirror } from './sync/mirror';
import { pbTransport } from './sync/pb-transport';
import type { SyncTransport } from './sync/transport';

let mirror: Mirror | null = null;
let pulled: Mirror | null = null;
let transport: SyncTransport | null = null;
const deleted = new Set<string>();

/** The mirror of the admin's own writes and the outbox's answers (the app's database connection). */
export function adminMirror(): Mirror {
  mirror ??= new Mirror(adminDb(), deleted);
  return mirror;
}

/**
 * The mirror the sync writes to (pulls, realtime): the same database through a second
 * connection whose transactions count as committed once the OS has the data, without waiting
 * for the disk (Chromium's 'relaxed' durability). What it writes is the server's and can be
 * pulled again; on a phone the disk flush per page tripled the first pull of a season
 * (docs/decisions/015). The outbox keeps the default, so the admin's queued work is on disk
 * when the app says 'queued'.
 */
export function syncMirror(): Mirror {
  pulled ??= new Mirror(new AdminDb(ADMIN_DB_NAME, { chromeTransactionDurability: 'relaxed' }), deleted);
  return pulled;
}

export function adminTransport(): SyncTransport {
  transport ??= pbTransport(pb);
  return transport;
}
