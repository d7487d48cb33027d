/**
 * A superuser PocketBase client of the running test's server for checking what the end-to-end
 * tests stored. Logs in once per worker (PocketBase rate-limits logins): a worker runs one
 * project's tests, so it speaks to one server.
 */
import PocketBase from 'pocketbase';
import { E2E_SUPERUSER, e2eBaseUrl } from './constants';

let client: Promise<PocketBase> | null = null;

export function superuserClient(): Promise<PocketBase> {
  const url = e2eBaseUrl();
  client ??= (async () => {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword(E2E_SUPERUSER.email, E2E_SUPERUSER.password);
    return pb;
  })();
  return client;
}
