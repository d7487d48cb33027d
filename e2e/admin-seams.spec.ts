import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { fromOwnAddress, signedInNewAdmin, storedPaidBooking, toast } from './support/admin';

/**
 * The owner's phone at 375 px tells the truth about money (docs/product.md §2, §4, §5):
 * a cancelled booking is marked Cancelled in the Bookings list with nothing due; damages found
 * at the removal are charged after the balance was paid, after a question naming the amount
 * and the card on file (its brand and last 4 digits); and a booking with payments offers no Delete, only Cancel.
 * The damages dialog names the balance the booking's ledger derives from its rows, the amount the
 * server charges, even when the stored balance says otherwise (docs/decisions/045).
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

async function signedIn(page: Page) {
  await signedInNewAdmin(page, `seams-${RUN}-${Math.random().toString(36).slice(2, 6)}@test.local`, `seams-password-${RUN}`, 'Seams Admin');
  await page.goto('/admin/dashboard?tab=bookings');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test('a cancelled booking is marked Cancelled in the Bookings list, with nothing due', async ({ page }) => {
  const name = `Cora Cancelled ${RUN}`;
  const live = `Lena Live ${RUN}`;
  await storedPaidBooking(name, `cora.${RUN}@example.com`, { status: 'cancelled', install_date: '2026-12-19', removal_date: '2027-01-23' });
  // December 11: a day no other spec on this server books (playwright.config.ts's groups).
  await storedPaidBooking(live, `lena.${RUN}@example.com`, { install_date: '2026-12-11', removal_date: '2027-01-24' });
  await signedIn(page);

  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row).toContainText('Cancelled');
  await expect(row.locator('td[data-label="Balance Due"]')).toHaveText('Nothing due');
  await expect(row.getByRole('button', { name: /Balance due/ })).toHaveCount(0);

  const other = page.getByRole('row').filter({ has: page.getByRole('button', { name: live, exact: true }) });
  await expect(other).not.toContainText('Cancelled');
  await expect(other.getByRole('button', { name: new RegExp(`Balance due \\$825 for ${live}`) })).toBeVisible();
});

test('damages found at the removal are charged after the balance was paid, after a question naming the amount and the card', async ({ page }) => {
  const name = `Dot Damages ${RUN}`;
  const b = await storedPaidBooking(name, `dot.${RUN}@example.com`, {
    install_date: '2026-11-08',
    removal_date: '2026-11-18',
    payment_status: 'paid',
    balance_remaining: 0,
    install_done_at: '2026-11-08 17:00:00.000Z',
    removal_done_at: '2026-11-18 17:00:00.000Z',
    // The card on file, as the deposit's settlement stores it from Stripe's PaymentMethod.
    card_brand: 'visa',
    card_last4: '4242',
  });
  // The balance was paid by card on install day: its charge is among the booking's rows.
  const su = await superuserClient();
  const paid = await su
    .collection('charges')
    .create({ booking: b.id, kind: 'balance', amount: 82500, balance_amount: 82500, status: 'succeeded', idempotency_key: `seams-${RUN}-balance`, stripe_payment_intent_id: `demo_pi_seams_${RUN}` });
  await signedIn(page);
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });

  // A booking with payments cannot be deleted, only cancelled.
  await details.getByRole('button', { name: 'More actions' }).click();
  await expect(details.getByRole('button', { name: 'Delete Booking' })).toBeDisabled();
  await expect(details).toContainText('This booking has payments, so it cannot be deleted. Cancel it instead');
  await details.getByRole('button', { name: 'More actions' }).click();

  await details.getByRole('button', { name: 'Record Damages & Charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Damages & Charge' });
  await dialog.getByRole('checkbox', { name: /Small pieces/ }).check();
  await dialog.getByRole('spinbutton', { name: 'Small pieces quantity' }).fill('3');
  await dialog.getByLabel('Description').fill('Three glass ornaments broken on the stairs');
  await dialog.getByRole('button', { name: 'Charge $15' }).click();
  const confirm = dialog.getByRole('group', { name: 'Confirm the charge' });
  await expect(confirm).toContainText('Charge $15 to the Visa card ending in 4242?');
  await expect(confirm.getByRole('button', { name: 'Yes, charge $15' })).toBeInViewport();
  await confirm.getByRole('button', { name: 'Yes, charge $15' }).click();
  await expect(toast(page, 'Charged $15 successfully')).toBeVisible();

  const charges = await su.collection('charges').getFullList({ filter: su.filter('booking = {:id} && id != {:paid}', { id: b.id, paid: paid.id }) });
  expect(charges.map((c) => [c.kind, c.status, c.amount, c.description])).toEqual([['damages', 'succeeded', 1500, 'Three glass ornaments broken on the stairs']]);
});

test('the damages dialog names the balance the server charges, not a stale stored one', async ({ page }) => {
  const name = `Stan Stale ${RUN}`;
  // Stored wrong by hand as $100 due: the rows (the $825 deposit, nothing else) leave $825.
  const b = await storedPaidBooking(name, `stan.${RUN}@example.com`, {
    install_date: '2026-11-06',
    removal_date: '2026-11-16',
    balance_remaining: 10000,
    install_done_at: '2026-11-06 17:00:00.000Z',
    card_brand: 'visa',
    card_last4: '4242',
  });
  await signedIn(page);
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'Record Damages & Charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Damages & Charge' });
  await expect(dialog).toContainText('balance due $825');
  await dialog.getByRole('button', { name: 'Charge balance only ($825)' }).click();
  const confirm = dialog.getByRole('group', { name: 'Confirm the charge' });
  await expect(confirm).toContainText('Charge $825 to the Visa card ending in 4242?');
  await confirm.getByRole('button', { name: 'Yes, charge $825' }).click();
  await expect(toast(page, 'Charged $825 successfully')).toBeVisible();

  const su = await superuserClient();
  const charges = await su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id: b.id }) });
  expect(charges.map((c) => [c.kind, c.status, c.amount, c.balance_amount])).toEqual([['balance', 'succeeded', 82500, 82500]]);
  expect(await su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
});
