import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { clientFromOwnAddress, fromOwnAddress, storeAdminSession, storedPaidBooking } from './support/admin';

/**
 * Customers who come back, on a 375 px phone (docs/architecture.md "Data model", `customers`):
 * the owner finds a customer booked in two seasons under two spellings of one e-mail, sees both
 * seasons on their page, saves the home's notes, and books again with the phone booking filled
 * in. Dates December 6, 2025 (a past season) and December 21, 2026: no other spec uses them
 * (stored directly, so no checkout meets them either).
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

test('the owner finds a customer, sees both seasons, saves the home notes and books again', async ({ page }) => {
  const name = `Wren Returning ${RUN}`;
  await storedPaidBooking(name, `Wren.${RUN}@Example.com`, { install_date: '2025-12-06', removal_date: '2026-01-10', status: 'completed' });
  await storedPaidBooking(name, `wren.${RUN}@example.com`, { install_date: '2026-12-21', removal_date: '2027-01-25', selected_addons: [{ id: 'stockings', price: 3000, quantity: 2 }] });

  const su = await superuserClient();
  const password = `customers-password-${RUN}`;
  const email = `customers-${RUN}@test.local`;
  await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name: 'Customers Admin' });
  const auth = await clientFromOwnAddress().collection('staff').authWithPassword(email, password);
  await storeAdminSession(page, auth.token, auth.record);
  await page.goto('/admin/dashboard?tab=customers');
  await expect(page.getByRole('heading', { name: /^Customers \(\d+\)$/ })).toBeVisible();

  // The search matches as the owner types: one customer for both spellings of the e-mail.
  await page.getByLabel('Search').fill(`wren ${RUN}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2026, 2025');
  await row.getByRole('button', { name, exact: true }).click();

  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Season 2026' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Season 2025' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Booking: .*Dec 21/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Booking: .*Dec 6/ })).toBeVisible();

  // The home's notes go through the outbox and reach the server's record.
  await page.getByLabel('Gate code').fill('Gate 4321');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect
    .poll(async () => (await su.collection('customers').getFullList({ filter: su.filter('email_key = {:k}', { k: `wren.${RUN}@example.com` }) })).map((c) => c.notes_gate))
    .toEqual(['Gate 4321']);
  await expect(page.getByLabel('Gate code')).toHaveValue('Gate 4321');

  // Book again: the phone booking with the last booking's choices and the contact.
  await page.getByRole('link', { name: 'Book again' }).click();
  await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Elevated Arbor/ })).toBeChecked();
  await expect(page.locator('input[name="tree-size"][value="7.5-9ft"]')).toBeChecked();
  for (const heading of ['Upgrades', 'Style Preferences', 'Schedule']) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Full Name')).toHaveValue(name);
  await expect(page.getByLabel('Email')).toHaveValue(`wren.${RUN}@example.com`);
  await expect(page.getByLabel('Phone Number')).toHaveValue('(410) 555-0142');
  await expect(page.getByLabel('Installation Address')).toHaveValue('12 Holly Court, Ellicott City, MD 21043');
});
