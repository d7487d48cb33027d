/**
 * The owner's e-mail on a 375 px phone (lib/admin/change-email-route.ts): the setup page asks
 * for the owner's address and checks it before sending, and the account menu's Change E-mail
 * takes a new one with the current password; the owner stays signed in, and signs in with the
 * new address after signing out. The spec makes its own admin account and removes it, so the
 * shared admin keeps its address. Books nothing.
 */
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { accountAction, fromOwnAddress, signInAdmin, toast } from './support/admin';

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

test("the setup page asks for the owner's e-mail and checks it before sending", async ({ page }) => {
  await page.goto('/setup-admin');
  await expect(page.getByLabel('Your e-mail')).toBeVisible();
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByLabel('Your e-mail').fill('owner@');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('alert')).toContainText('Please enter a valid e-mail address.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('Change E-mail in the account menu: errors shown in the form; after the change the owner stays signed in, and signs in again with the new address', async ({ page }) => {
  const su = await superuserClient();
  const email = `email-admin-${RUN}@test.local`;
  const changed = `owner-${RUN}@example.com`;
  const password = `email-password-${RUN}`;
  const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name: 'Email Admin' });
  try {
    await signInAdmin(page, email, password);
    await accountAction(page, 'Change E-mail');
    const dialog = page.getByRole('dialog', { name: 'Change E-mail' });
    await dialog.getByLabel('New e-mail').fill('owner@');
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please enter a valid e-mail address.');
    await dialog.getByLabel('New e-mail').fill(changed);
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The current password is not correct.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(toast(page, 'E-mail changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.admin-header__who')).toHaveText(changed);
    expect((await su.collection('staff').getOne(staff.id)).email).toBe(changed);
    // Still signed in: the data still loads, and a reload (which renews the session) stays on the dashboard.
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('.admin-header__who')).toHaveText(changed);
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    // Signed out, the new address signs in; the old one no longer does.
    await accountAction(page, 'Logout');
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' })).toBeVisible();
    await signInAdmin(page, changed, password);
    await expect(page.locator('.admin-header__who')).toHaveText(changed);
  } finally {
    await su.collection('staff').delete(staff.id);
  }
});
