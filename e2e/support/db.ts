/**
 * A superuser PocketBase client for checking what the end-to-end tests stored. Logs in once
 * per worker (PocketBase rate-limits logins).
 */
import PocketBase from 'pocketbase';
import { E2E_BASE_URL, E2E_SUPERUSER } from './constants';

let client: Promise<PocketBase> | null = null;

export function superuserClient(): Promise<PocketBase> {
  client ??= (async () => {
    const pb = new PocketBase(E2E_BASE_URL);
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword(E2E_SUPERUSER.email, E2E_SUPERUSER.password);
    return pb;
  })();
  return client;
}
