/**
 * The owner's e-mail on a 375 px phone: the setup page asks for the owner's address and checks
 * it before sending. Books nothing.
 */
import { expect, test } from './support/fixtures';
import { fromOwnAddress } from './support/admin';

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

test("the setup page asks for the owner's e-mail and checks it before sending", async ({ page }) => {
  await page.goto('/setup-admin');
  await expect(page.getByLabel('Your e-mail')).toBeVisible();
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByLabel('Your e-mail').fill('owner@');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('alert')).toContainText('Please enter a valid e-mail address.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
