/**
 * The booking wizard's steps are entries of the browser's history (booking-wizard.tsx): the
 * phone's Back at step 3 goes to step 2, not out of the wizard, and Forward comes back, with
 * what was entered kept; the wizard's own Back walks the same entries. Chromium at 375 px.
 * Books nothing.
 */
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 375, height: 740 } });

test("the phone's Back and Forward walk the wizard's steps and keep what was entered", async ({ page }) => {
  await page.goto('/');
  await page.goto('/booking?package=elevated-arbor');
  await page.getByText('7.5–9 ft', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrades', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Luxe Finish/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Style Preferences', exact: true })).toBeVisible();
  await page.getByLabel('Special requests for your design (optional)').fill('Gold and ivory, please.');

  // Back: step 2, the luxe finish still chosen; again: step 1, the package and size still picked.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Upgrades', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?package=elevated-arbor$/);
  await expect(page.getByRole('checkbox', { name: /^Luxe Finish/ })).toBeChecked();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Choose your package', exact: true })).toBeVisible();
  await expect(page.locator('label.choice-card', { hasText: 'Elevated Arbor' })).toHaveClass(/is-selected/);
  await expect(page.locator('label.choice-card', { hasText: '7.5–9 ft' })).toHaveClass(/is-selected/);

  // Forward twice: step 3 again, with the request as typed.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Upgrades', exact: true })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Style Preferences', exact: true })).toBeVisible();
  await expect(page.getByLabel('Special requests for your design (optional)')).toHaveValue('Gold and ivory, please.');

  // The wizard's own Back walks the same entries: then the phone's Back goes to step 1, not to step 3.
  await page.locator('.wizard-nav').getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrades', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Choose your package', exact: true })).toBeVisible();

  // From step 1, Back leaves the wizard for the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
