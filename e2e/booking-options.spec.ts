import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fillContact, wizardToSchedule } from './support/wizard';
import { superuserClient } from './support/db';

// A 1×1 PNG, so the upload is a real image file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function expectMissingInfo(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Missing information' }).filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('luxe finish, keep-ornaments, removal, uploaded images and a far address: one total everywhere', async ({ page, context }) => {
  const email = `luxe.${Date.now()}@example.com`;
  await page.goto('/booking?package=curated-christmas');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select both a package and tree size');
  await page.getByText('10–12 ft', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: luxe finish, keep the ornaments (+50 luxe), and still schedule a removal.
  await page.getByRole('checkbox', { name: /^Luxe Finish/ }).check();
  await page.getByRole('checkbox', { name: /^Keep your tree and ornaments/ }).check();
  await page.getByLabel('Luxe extra ornaments').selectOption('50');
  await page.getByRole('checkbox', { name: /^Schedule a removal visit anyway/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: an inspiration image.
  await page.getByLabel('Inspiration images (optional)').setInputFiles({ name: 'my-tree.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 image(s) uploaded successfully' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Uploaded inspiration images' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: each blocked Continue shows its message.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select installation date and time slot');
  await page
    .getByRole('group', { name: 'Installation date' })
    .getByRole('button', { name: /Friday, November 27, 2026/ })
    .click();
  await page.getByText('Morning Install').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select removal date and time slot');
  await page
    .getByRole('group', { name: 'Removal date' })
    .getByRole('button', { name: /Tuesday, December 29, 2026/ })
    .click();
  await page.getByText('Morning Removal').click();

  await fillContact(page, { name: 'Noel Garland', email, phone: '410-555-0123', address: '5 Main Street, Annapolis, MD 21401' });
  await expect(page.getByText(/Travel fee: \$\d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 5: every line, including the travel fee.
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
  for (const line of ['Curated Christmas · 10–12 ft', 'Luxe Finish', 'Keep your tree and ornaments', 'Luxe extra ornaments (+50)', 'Travel fee']) {
    await expect(page.locator('.price-lines')).toContainText(line);
  }
  const total = money(await page.getByTestId('total').textContent());
  const deposit = money(await page.getByTestId('deposit').textContent());
  expect(deposit).toBe(total / 2);

  const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^Pay .* Deposit$/ }).click()]);
  await payTab.waitForURL(/\/demo-payment/);
  await expect(payTab.getByText('Demo payment – no card is charged')).toBeVisible();
  expect(money(await payTab.getByTestId('deposit-amount').textContent())).toBe(deposit);
  await expect(payTab.locator('.payment-details')).toContainText(`Total`);

  const pb = await superuserClient();
  const booking = await pb.collection('bookings').getFirstListItem(pb.filter('customer_email = {:email}', { email }));
  expect(booking.total_price).toBe(Math.round(total * 100));
  expect(booking.deposit_amount).toBe(Math.round(deposit * 100));
  expect(booking.travel_fee).toBeGreaterThan(0);
  expect(booking).toMatchObject({ package_type: 'curated-christmas', tree_size: '10-12ft', luxe_finish: true, keep_ornaments: true, luxe_keep_ornaments: 50, removal_service: true });
  expect(booking.style_inspiration_images).toHaveLength(1);
  expect(booking.style_inspiration_images[0]).toMatch(/\/api\/files\/.+\.png$/);
});

test('removal that an upgrade makes free reads Included, not its price', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/booking?package=adorned-arrangement');
  await page.getByText('5–7 ft', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  const removal = page.getByRole('checkbox', { name: /^Removal service/ });
  await expect(removal).toHaveAccessibleName(/^Removal service \+\$85/);
  await page.getByRole('checkbox', { name: /^Ornament Boost/ }).check();
  await expect(removal).toHaveAccessibleName(/^Removal service Included/);
  await expect(removal).toBeChecked();
  // Gift-wrap alone does not include removal: the price comes back.
  await page.getByRole('checkbox', { name: /^Ornament Boost/ }).uncheck();
  await page.getByRole('checkbox', { name: /^Gift-Wrap Suite/ }).check();
  await expect(removal).toHaveAccessibleName(/^Removal service \+\$85/);
});

test('an address outside the service area is shown under the address on step 4 and blocks Continue until fixed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await wizardToSchedule(page, 'adorned-arrangement', '5–7 ft', /Tuesday, November 24, 2026/);
  await page.getByText('Morning Install').click();
  await fillContact(page, { name: 'Far Away', email: `far.${Date.now()}@example.com`, phone: '(410) 555-0177' });

  const address = page.getByLabel('Installation Address');
  await address.fill('1 Infinite Loop, Cupertino, CA 95014');
  const sentence = 'Sorry, ZIP code 95014 is 3039.7 miles away, outside our service area (up to 60 miles).';
  await expect(address).toHaveAccessibleDescription(sentence);
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid Input' }).filter({ hasText: sentence })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();
  await expect(address).toBeFocused();

  await address.fill('3430 Court House Dr, Ellicott City, MD 21043');
  await expect(page.locator('#contact-address-refusal')).toHaveCount(0);
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
});
