import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { fromOwnAddress, signedInNewAdmin, storedPaidBooking } from './support/admin';

/**
 * "Close the books" at 375 px: the owner picks a past season on the Overview and downloads its
 * payments as CSV, built on the phone from the mirror. Its one booking is installed in season
 * 2025, which no other spec reads or books, and is deleted at the end.
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

test('the payments CSV of a season downloads with its header, its rows and a Total per method', async ({ page }) => {
  const su = await superuserClient();
  const password = `books-password-${RUN}`;
  const email = `books-${RUN}@test.local`;
  const staff = await signedInNewAdmin(page, email, password, 'Books Admin');
  const name = `Bea Books ${RUN}`;
  const booking = await storedPaidBooking(name, `bea.${RUN}@example.com`, { install_date: '2025-12-05', removal_date: '2026-01-05', deposit_paid_at: '2025-11-10 15:00:00.000Z' });
  try {
    await page.goto('/admin/dashboard');

    const card = page.getByRole('region', { name: 'Close the books' });
    await card.getByRole('button', { name: 'Open the books' }).click();
    await expect(card.getByRole('combobox', { name: 'Season' })).toBeVisible();
    await card.getByRole('combobox', { name: 'Season' }).selectOption('2025');
    await expect(card.getByRole('table', { name: 'Totals by method, Season 2025' })).toContainText('$825');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Payments CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('payments-2025.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Booking ID,Customer,What,Method,Direction,Amount');
    expect(lines).toContain(`2025-11-10,${booking.id},${name},deposit,card,payment,825.00`);
    expect(lines.some((l) => /^Total,,,,card,total \(net of refunds\),\d+\.\d\d$/.test(l))).toBe(true);

    // The summary opens and nothing spills sideways at 375 px.
    await card.getByRole('button', { name: 'Season summary' }).click();
    await expect(card.getByRole('heading', { name: 'Season summary: Season 2025' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await su.collection('bookings').delete(booking.id);
    await su.collection('staff').delete(staff.id);
  }
});
