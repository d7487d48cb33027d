import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { fromOwnAddress, signedInNewAdmin, storedPaidBooking } from './support/admin';

/**
 * Customers who come back, on a 375 px phone (docs/architecture.md "Data model", `customers`):
 * the owner finds a customer booked in two seasons under two spellings of one e-mail, sees both
 * seasons on their page with last season's finished-tree photo, saves the home's notes, and books again with the phone booking filled
 * in; and erases a customer's personal data from their page, the money staying. Dates
 * December 6, 2025 (a past season), December 21, 2026 and November 28, 2025: no other spec uses
 * them (stored directly, so no checkout meets them either).
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

/** Signs `page` in as a new admin of this run. */
async function signIn(page: Page, tag: string) {
  await signedInNewAdmin(page, `customers-${tag}-${RUN}@test.local`, `customers-password-${RUN}`, 'Customers Admin');
}

test('the owner finds a customer, sees both seasons, saves the home notes and books again', async ({ page }) => {
  const name = `Wren Returning ${RUN}`;
  const last = await storedPaidBooking(name, `Wren.${RUN}@Example.com`, { install_date: '2025-12-06', removal_date: '2026-01-10', status: 'completed' });
  // Last season's finished tree, photographed at the visit (an on-site job event).
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 90, b: 50 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('booking', last.id);
  form.append('kind', 'photo');
  form.append('text', 'Finished tree, living room');
  form.append('client_id', `customers-photo-${RUN}`);
  form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'tree.jpg');
  await (await superuserClient()).collection('job_events').create(form);
  await storedPaidBooking(name, `wren.${RUN}@example.com`, { install_date: '2026-12-21', removal_date: '2027-01-25', selected_addons: [{ id: 'stockings', price: 3000, quantity: 2 }] });

  await signIn(page, 'again');
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
  const photo = page.getByRole('list', { name: 'Photos of season 2025' }).getByRole('img', { name: 'Photo: Finished tree, living room' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /Booking: .*Dec 21/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Booking: .*Dec 6/ })).toBeVisible();

  // The page is in the address without the e-mail: a reload keeps it, Back returns to the list.
  expect(new URL(page.url()).searchParams.get('customer')).toMatch(/^c[0-9a-z]+$/);
  expect(page.url()).not.toContain('example.com');
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: /^Customers \(\d+\)$/ })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  // The home's notes go through the outbox and reach the server's record.
  const su = await superuserClient();
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

test('the owner erases a customer: the name goes from every record, the money stays', async ({ page }) => {
  const name = `Erin Erased ${RUN}`;
  const email = `erin.${RUN}@example.com`;
  const booking = await storedPaidBooking(name, email, { install_date: '2025-11-28', removal_date: '2026-01-09', status: 'completed' });
  await signIn(page, 'erase');
  await page.goto('/admin/dashboard?tab=customers');
  await page.getByLabel('Search').fill(`erin ${RUN}`);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${name}` });
  await expect(dialog.getByText('Kept for the books')).toBeVisible();
  // A mistyped address erases nothing.
  await dialog.getByLabel(`Type ${email} again to confirm`).fill('someone@else.com');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(dialog.getByText('The e-mail typed again does not match.', { exact: false })).toBeVisible();
  await dialog.getByLabel(`Type ${email} again to confirm`).fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Erase' }).click();
  // The customer is gone from the device at the next sync: a toast says what went, and the tab is the list again.
  await expect(page.getByText(`${name}: personal data erased`)).toBeVisible();
  await expect(page.getByText('Erased: 1 booking')).toBeVisible();
  await expect(page.getByLabel('Search')).toBeVisible();

  const stored = await (await superuserClient()).collection('bookings').getOne(booking.id);
  expect(stored).toMatchObject({
    customer_name: 'Erased customer',
    customer_email: `erased-${booking.id}@erased.invalid`,
    total_price: booking.total_price,
    deposit_amount: booking.deposit_amount,
    payment_status: booking.payment_status,
  });
  // The list no longer finds them by name.
  await page.getByLabel('Search').fill(`erin ${RUN}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
