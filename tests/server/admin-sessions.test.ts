/**
 * Sessions the owner controls (docs/decisions/043-admin-sessions.md): 'Sign out of all devices'
 * ends every token of the caller's account issued before it, on every device, while a new
 * sign-in works; a staff token lives 72 hours and renews while used.
 */
import PocketBase, { getTokenPayload } from 'pocketbase';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, STAFF_PASSWORD, type SignedInStaff } from './admin-fixtures';
import { createBookingRecord } from './fixtures';
import { baseUrl, callFnAs, clearCollections, request, superuser } from './support';

const ROUTE = '/api/fn/admin-session/sign-out-everywhere';

/** A second sign-in of `staff`'s account, as from another phone: its own token. */
async function anotherDevice(staff: SignedInStaff): Promise<string> {
  const pb = new PocketBase(baseUrl());
  await pb.collection('staff').authWithPassword(staff.email, STAFF_PASSWORD);
  return pb.authStore.token;
}

/** The status of renewing `token` (what the back office does while it is used). */
async function renewalStatus(token: string): Promise<number> {
  return (await request({ method: 'POST', route: '/api/collections/staff/auth-refresh', token })).status;
}

/** The bookings `token` can list (a token PocketBase no longer accepts reads as a visitor: none). */
async function bookingsSeen(token: string): Promise<number> {
  const answer = await request<{ items: unknown[] }>({ route: '/api/collections/bookings/records?perPage=50', token });
  return answer.status === 200 ? answer.body.items.length : -answer.status;
}

let owner: SignedInStaff;

beforeEach(async () => {
  await clearCollections('bookings', 'staff');
  await createBookingRecord();
  owner = await signedInStaff('admin');
});

describe('sign out of all devices', () => {
  it('refuses every token of the account issued before it, and lets a new sign-in in', async () => {
    const phone = await anotherDevice(owner);
    const laptop = await anotherDevice(owner);
    const partner = await signedInStaff('admin');
    for (const token of [owner.token, phone, laptop, partner.token]) expect(await bookingsSeen(token)).toBe(1);

    const answer = await callFnAs(phone, 'POST', ROUTE, {});
    expect(answer).toEqual({ status: 200, body: { signedOut: true } });

    for (const token of [owner.token, phone, laptop]) {
      expect(await renewalStatus(token)).toBe(401);
      expect((await callFnAs(token, 'GET', '/api/fn/insights')).status).toBe(401);
      expect(await bookingsSeen(token)).toBe(0);
    }
    expect(await bookingsSeen(await anotherDevice(owner))).toBe(1);
    // Another account an operator added keeps its sessions.
    expect(await renewalStatus(partner.token)).toBe(200);
  });

  it('a superuser has no staff sessions to end', async () => {
    const answer = await callFnAs(superuser().authStore.token, 'POST', ROUTE, {});
    expect(answer.status).toBe(400);
    expect(await renewalStatus(owner.token)).toBe(200);
  });

  it('a staff account without the admin role cannot sign anyone out', async () => {
    const member = await signedInStaff('');
    expect((await callFnAs(member.token, 'POST', ROUTE, {})).status).toBe(403);
    expect((await callFnAs(null, 'POST', ROUTE, {})).status).toBe(401);
    expect(await renewalStatus(owner.token)).toBe(200);
    expect(await bookingsSeen(owner.token)).toBe(1);
  });

  it('twice in a row is harmless: the second call needs a new sign-in and ends only that one', async () => {
    expect((await callFnAs(owner.token, 'POST', ROUTE, {})).status).toBe(200);
    expect((await callFnAs(owner.token, 'POST', ROUTE, {})).status).toBe(401);
    const fresh = await anotherDevice(owner);
    expect((await callFnAs(fresh, 'POST', ROUTE, {})).status).toBe(200);
    expect(await renewalStatus(fresh)).toBe(401);
  });
});

describe('bounded tokens', () => {
  it('a staff token lives 72 hours, and a renewal issues a new one that lives as long', async () => {
    const first = getTokenPayload(owner.token) as { exp: number };
    const iat = Math.floor(Date.now() / 1000);
    expect(first.exp - iat).toBeGreaterThan(72 * 3600 - 60);
    expect(first.exp - iat).toBeLessThanOrEqual(72 * 3600);

    const renewed = await request<{ token: string }>({ method: 'POST', route: '/api/collections/staff/auth-refresh', token: owner.token });
    expect(renewed.status).toBe(200);
    const second = getTokenPayload(renewed.body.token) as { exp: number };
    expect(second.exp).toBeGreaterThanOrEqual(first.exp);
    expect(second.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(72 * 3600);
  });
});
