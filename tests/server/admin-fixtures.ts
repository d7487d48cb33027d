/**
 * Shared pieces of the admin back-office tests (docs/decisions/015): staff accounts signed in with their
 * password (the shared test server runs with RATE_LIMITS=off), calls with a staff token, and the
 * "refused" check every admin-only read must pass.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { beforeAll, expect } from 'vitest';
import { baseUrl, statusOf, superuser } from './support';

export const STAFF_PASSWORD = 'staff-password-123';

export interface SignedInStaff {
  pb: PocketBase;
  id: string;
  email: string;
  token: string;
}

/**
 * Creates a staff record as superuser (role admin, or none) and signs it in with its password
 * on `url` (default: the shared test server). `superuserClient` is a superuser client of that
 * server.
 */
export async function signedInStaff(role: 'admin' | '' = 'admin', opts: { url?: string; superuserClient?: PocketBase; password?: string } = {}): Promise<SignedInStaff> {
  const su = opts.superuserClient ?? superuser();
  const password = opts.password ?? STAFF_PASSWORD;
  const email = `${role || 'member'}-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const rec = await su.collection('staff').create({ email, password, passwordConfirm: password, role, name: role ? 'Admin' : 'Member' });
  const pb = new PocketBase(opts.url ?? baseUrl());
  pb.autoCancellation(false);
  await pb.collection('staff').authWithPassword(email, password);
  return { pb, id: rec.id, email, token: pb.authStore.token };
}

/**
 * For a test file or `describe` block on the shared server: registers the beforeAll that signs a
 * new staff member of `role` in (signedInStaff). Answers the SignedInStaff, its fields filled in
 * once beforeAll has run.
 */
export function signedInStaffHooks(role: 'admin' | '' = 'admin'): SignedInStaff {
  const staff = {} as SignedInStaff;
  beforeAll(async () => {
    Object.assign(staff, await signedInStaff(role));
  });
  return staff;
}

/** The ClientResponseError of a call that must fail. */
export async function failureOf(p: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ClientResponseError) return err;
    throw err;
  }
  throw new Error('Expected the call to fail');
}

/**
 * Asserts `pb` cannot read `collection`: its list is refused or empty, and viewing `id` is
 * refused or not found.
 */
export async function expectNoRead(pb: PocketBase, collection: string, id: string): Promise<void> {
  try {
    const list = await pb.collection(collection).getList(1, 50);
    expect(list.items, collection).toEqual([]);
  } catch (err) {
    if (!(err instanceof ClientResponseError)) throw err;
    expect([401, 403], collection).toContain(err.status);
  }
  expect([401, 403, 404], `${collection} view`).toContain(await statusOf(pb.collection(collection).getOne(id)));
}
