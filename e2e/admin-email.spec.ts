/**
 * The admin's e-mail on a 375 px phone (lib/admin/change-email-route.ts): the setup page asks for
 * the owner's address, and the account menu's Change E-mail takes a new one with the current
 * password; the account then signs in with it. The spec makes its own admin account and removes
 * it, so the shared admin keeps its address. Books nothing.
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

test('Change E-mail in the account menu: a wrong password is refused, the right one changes the address', async ({ page }) => {
  const su = await superuserClient();
  const email = `email-admin-${RUN}@test.local`;
  const changed = `owner-${RUN}@example.com`;
  const password = `email-password-${RUN}`;
  const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name: 'Email Admin' });
  try {
    await signInAdmin(page, email, password);
    await accountAction(page, 'Change E-mail');
    const dialog = page.getByRole('dialog', { name: 'Change E-mail' });
    await dialog.getByLabel('New e-mail').fill(changed);
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The current password is not correct.');

    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(toast(page, 'E-mail changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.admin-header__who')).toHaveText(changed);
    // Still signed in (the page signed in again), and the new address is the account's.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    expect((await su.collection('staff').getOne(staff.id)).email).toBe(changed);
  } finally {
    await su.collection('staff').delete(staff.id);
  }
});
