/**
 * Admin passwords (docs/decisions/015 Login and session; docs/architecture.md readings 9 and 10;
 * docs/decisions/012): at least 12 characters, and a change through PocketBase's own update
 * (oldPassword, password, passwordConfirm) signs every other session of the account out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { failureOf, signedInStaff, STAFF_PASSWORD } from './admin-fixtures';
import { anonymous, baseUrl, callFnAs, clearCollections, superuser } from './support';

beforeEach(() => clearCollections('staff'));

async function refreshStatus(token: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/collections/staff/auth-refresh`, { method: 'POST', headers: { Authorization: token } });
  return res.status;
}

describe('staff passwords are at least 12 characters', () => {
  it('an 11-character password is refused with PocketBase validation error on the password field', async () => {
    const err = await failureOf(superuser().collection('staff').create({ email: 'short@test.local', password: 'abcdefghijk', passwordConfirm: 'abcdefghijk', role: 'admin' }));
    expect(err.status).toBe(400);
    expect(err.response.data).toHaveProperty('password');
  });

  it('changing to an 11-character password is refused and the old one keeps working', async () => {
    const admin = await signedInStaff('admin');
    const err = await failureOf(admin.pb.collection('staff').update(admin.id, { oldPassword: STAFF_PASSWORD, password: 'abcdefghijk', passwordConfirm: 'abcdefghijk' }));
    expect(err.status).toBe(400);
    expect(err.response.data).toHaveProperty('password');
    expect(await refreshStatus(admin.token)).toBe(200);
    await anonymous().collection('staff').authWithPassword(admin.email, STAFF_PASSWORD);
  });

  it('12 characters are enough', async () => {
    const admin = await signedInStaff('admin');
    await admin.pb.collection('staff').update(admin.id, { oldPassword: STAFF_PASSWORD, password: 'abcdefghijkl', passwordConfirm: 'abcdefghijkl' });
    await anonymous().collection('staff').authWithPassword(admin.email, 'abcdefghijkl');
  });
});

describe('a password change signs the other sessions out', () => {
  it("the account's other token gets 401 on refresh and on admin routes; the new password signs in, the old one no longer", async () => {
    const admin = await signedInStaff('admin');
    const other = anonymous();
    await other.collection('staff').authWithPassword(admin.email, STAFF_PASSWORD);
    const otherToken = other.authStore.token;
    expect(await refreshStatus(otherToken)).toBe(200);
    expect((await callFnAs(otherToken, 'GET', '/api/fn/insights')).status).toBe(200);

    await admin.pb.collection('staff').update(admin.id, { oldPassword: STAFF_PASSWORD, password: 'a-new-password-456', passwordConfirm: 'a-new-password-456' });

    expect(await refreshStatus(otherToken)).toBe(401);
    expect((await callFnAs(otherToken, 'GET', '/api/fn/insights')).status).toBe(401);
    // The session that made the change holds a token of the old key too: it signs in again.
    expect(await refreshStatus(admin.token)).toBe(401);

    const fresh = anonymous();
    await fresh.collection('staff').authWithPassword(admin.email, 'a-new-password-456');
    expect((await callFnAs(fresh.authStore.token, 'GET', '/api/fn/insights')).status).toBe(200);
    expect((await failureOf(anonymous().collection('staff').authWithPassword(admin.email, STAFF_PASSWORD))).status).toBe(400);
  });

  it('a change without the current password is refused', async () => {
    const admin = await signedInStaff('admin');
    const err = await failureOf(admin.pb.collection('staff').update(admin.id, { password: 'a-new-password-456', passwordConfirm: 'a-new-password-456' }));
    expect(err.status).toBe(400);
    expect(await refreshStatus(admin.token)).toBe(200);
  });
});
