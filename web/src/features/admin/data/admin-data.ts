/**
 * The app's single mirror and sync transport (one per page), created on first use. Only the
 * admin chunk imports this, so the public pages never load Dexie or the PocketBase SDK for it.
 */
import { pb } from '@/lib/pb';
import { adminDb } from './db';
import { Mirror } from './mirror';
import { pbTransport } from './pb-transport';
import type { SyncTransport } from './transport';

let mirror: Mirror | null = null;
let transport: SyncTransport | null = null;

export function adminMirror(): Mirror {
  mirror ??= new Mirror(adminDb());
  return mirror;
}

export function adminTransport(): SyncTransport {
  transport ??= pbTransport(pb);
  return transport;
}
