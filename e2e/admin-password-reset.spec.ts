import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { fromOwnAddress } from './support/admin';
import { waitForMail } from './support/mail';

/**
 * "Forgot password?" on a 375 px phone (docs/decisions/034): from the login, the reset request
 * (offline, a server failure, an unknown address, the account's own), the link read from the
 * SMTP sink, a new password chosen on /admin/reset-password, and a sign-in with it. The spec
 * makes its own admin account and removes it, so it runs alone or in the suite, and the shared
 * admin of admin.spec.ts keeps its password.
 */

test.use({ viewport: { width: 375, height: 740 } });
// A budget of its own for the per-IP limits (5 reset requests, 10 sign-ins).
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
const SENT = 'If that address belongs to an account, a reset link is on its way.';

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('forgot password: ask for a link, open it from the e-mail, choose a new password, sign in with it', async ({ page, context }) => {
  const su = await superuserClient();
  const email = `reset-admin-${RUN}@test.local`;
  const first = `first-password-${RUN}`;
  const chosen = `chosen-password-${RUN}`;
  const staff = await su.collection('staff').create({ email, password: first, passwordConfirm: first, role: 'admin', name: 'Reset Admin' });
  const cspReports: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspReports.push(msg.text());
  });
  try {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    const forgot = page.getByRole('button', { name: 'Forgot password?' });
    expect((await forgot.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // By keyboard: focus it and press Enter.
    await forgot.focus();
    await page.keyboard.press('Enter');

    const panel = page.getByRole('region', { name: 'Reset your password' });
    await expect(panel.getByRole('heading', { name: 'Reset your password' })).toBeFocused();
    const address = panel.getByLabel('Email');
    await expect(address).toHaveValue(email);
    const send = panel.getByRole('button', { name: 'Send reset link' });
    expect((await panel.getByRole('button', { name: 'Back to sign in' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoViolations(page, { context: 'Forgot password', exclude: ['[data-sonner-toaster]'] });
    await expectNoSidewaysScroll(page);

    // Offline: said, and nothing sent.
    let requests = 0;
    page.on('request', (req) => {
      if (req.url().includes('/request-password-reset')) requests += 1;
    });
    await context.setOffline(true);
    await send.click();
    await expect(panel.getByRole('alert')).toHaveText('You are offline. Connect to send a reset link.');
    expect(requests).toBe(0);
    await context.setOffline(false);

    // The server fails: one plain sentence, and the address is still there.
    await page.route('**/api/collections/staff/request-password-reset', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'Unavailable', data: {} }) }),
    );
    await send.click();
    await expect(panel.getByRole('alert')).toHaveText('The reset link could not be requested just now. Please try again in a moment.');
    await expect(address).toHaveValue(email);
    await page.unroute('**/api/collections/staff/request-password-reset');

    // An address without an account gets the same sentence as the account's own.
    await address.fill(`nobody-${RUN}@test.local`);
    await send.click();
    await expect(panel.getByRole('status')).toHaveText(SENT);
    await address.fill(email);
    await send.click();
    await expect(panel.getByRole('status')).toHaveText(SENT);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    const mail = await waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe('Reset your Thoughtfully Adorned admin password');
    const link = /https?:\/\/\S+?\/admin\/reset-password\?token=[\w.-]+/.exec(mail.text)?.[0];
    expect(link, 'the reset link in the e-mail').toBeTruthy();
    // Asked for before it, the unknown address got nothing.
    await expect(waitForMail((m) => m.to.includes(`nobody-${RUN}@test.local`), 0)).rejects.toThrow('No matching e-mail');

    // The link opens our reset page (served for /admin/*, no CSP complaint), never PocketBase's dashboard.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/admin\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await expectNoViolations(page, { context: 'Reset password', exclude: ['[data-sonner-toaster]'] });
    await expectNoSidewaysScroll(page);

    // The form's own checks first, as Change Password's.
    const setNew = page.getByRole('button', { name: 'Set new password' });
    await page.getByLabel('New password', { exact: true }).fill('too-short');
    await page.getByLabel('Confirm new password').fill('too-short');
    await setNew.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 12 characters');
    await page.getByLabel('New password', { exact: true }).fill(chosen);
    await page.getByLabel('Confirm new password').fill(`${chosen}x`);
    await setNew.click();
    await expect(page.getByRole('alert')).toHaveText("Passwords don't match");
    await page.getByLabel('Confirm new password').fill(chosen);
    await setNew.click();

    // The login, with the sentence and the address filled in.
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password is changed. Please sign in.' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill(chosen);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill(`${chosen}-again`);
    await page.getByLabel('Confirm new password').fill(`${chosen}-again`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This reset link has expired or was already used. Ask for a new one with Forgot password? on the login page.');
    await expect(page.getByRole('link', { name: 'Go to Admin Login' })).toBeVisible();

    expect(cspReports).toEqual([]);
  } finally {
    await su.collection('staff').delete(staff.id);
  }
});
