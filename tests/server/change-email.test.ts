/**
 * Change e-mail (lib/admin/change-email-route.ts, domain/admin/staff-email.ts): a signed-in staff
 * member changes the account's address with the current password; "Forgot password?" then
 * writes there. PocketBase's own request-email-change is turned off.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { failureOf, signedInStaff, STAFF_PASSWORD } from './admin-fixtures';
import { anonymous, baseUrl, callFnAs, clearCollections, superuser } from './support';

beforeEach(() => clearCollections('staff'));

const change = (token: string | null, body: unknown) => callFnAs(token, 'POST', '/api/fn/change-email', body);

describe('POST /api/fn/change-email', () => {
  it('with the current password: the new address (lower case) signs in, the old one no longer; every session is signed out, and this one gets a new token', async () => {
    const admin = await signedInStaff('admin');
    const res = await change(admin.token, { email: ' Owner@Example.com ', currentPassword: STAFF_PASSWORD });
    expect(res.body).toEqual({ email: 'owner@example.com', token: expect.any(String), record: expect.objectContaining({ id: admin.id, email: 'owner@example.com', role: 'admin' }) });
    expect(res.status).toBe(200);
    // The answer signs this session in again, as a sign-in's answer would: no password or token key in it.
    expect(res.body.record).not.toHaveProperty('password');
    expect(res.body.record).not.toHaveProperty('tokenKey');
    expect((await callFnAs(res.body.token, 'GET', '/api/fn/insights')).status).toBe(200);
    expect((await superuser().collection('staff').getOne(admin.id)).email).toBe('owner@example.com');
    const fresh = anonymous();
    await fresh.collection('staff').authWithPassword('owner@example.com', STAFF_PASSWORD);
    expect((await failureOf(anonymous().collection('staff').authWithPassword(admin.email, STAFF_PASSWORD))).status).toBe(400);
    // PocketBase rotates the token key with the address: the page signs in again with the new one.
    expect((await callFnAs(admin.token, 'GET', '/api/fn/insights')).status).toBe(401);
    expect((await callFnAs(fresh.authStore.token, 'GET', '/api/fn/insights')).status).toBe(200);
  });

  it.each([
    ['a wrong current password', { email: 'owner@example.com', currentPassword: 'not-the-password' }, 'The current password is not correct.'],
    ['no current password', { email: 'owner@example.com', currentPassword: '' }, 'Please enter your current password.'],
    ['no address', { email: '', currentPassword: STAFF_PASSWORD }, 'Please enter your e-mail.'],
    ['not an address', { email: 'owner@', currentPassword: STAFF_PASSWORD }, 'Please enter a valid e-mail address.'],
  ])('%s: 400 with the sentence, and the address stays', async (_name, body, message) => {
    const admin = await signedInStaff('admin');
    const res = await change(admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await superuser().collection('staff').getOne(admin.id)).email).toBe(admin.email);
  });

  it("another account's address: 409; signed out: 401", async () => {
    const admin = await signedInStaff('admin');
    const other = await signedInStaff('');
    const res = await change(admin.token, { email: other.email.toUpperCase(), currentPassword: STAFF_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Another account already uses that e-mail address.');
    expect((await change(null, { email: 'x@example.com', currentPassword: STAFF_PASSWORD })).status).toBe(401);
  });

  it("PocketBase's own request-email-change is refused and sends nothing", async () => {
    const admin = await signedInStaff('admin');
    const res = await fetch(`${baseUrl()}/api/collections/staff/request-email-change`, {
      method: 'POST',
      headers: { Authorization: admin.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ newEmail: 'elsewhere@example.com' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("Change the account's e-mail from the account menu, with the current password.");
  });
});
