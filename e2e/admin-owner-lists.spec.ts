import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { fromOwnAddress, signedInNewAdmin, storedPaidBooking, toast } from './support/admin';
import { waitForMail } from './support/mail';

/**
 * The owner's lists and money views on a 375 px phone: the Bookings filters with their counts
 * (combined with the search, kept in ?filter=), a cancel with her own partial refund and a
 * personal message that the customer's e-mail carries (and one giving back part of a deposit paid
 * alone, shown in Booking Details with the message sent), and 'Card at the door', the open payment
 * link as a QR code that turns to paid when the charge lands. Dates December 14 and January 31:
 * no other spec books them (stored directly, so no checkout meets them either).
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
let keys = 0;

async function signedIn(page: Page) {
  await signedInNewAdmin(page, `lists-${RUN}-${Math.random().toString(36).slice(2, 6)}@test.local`, `lists-password-${RUN}`, 'Lists Admin');
  await page.goto('/admin/dashboard?tab=bookings');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/**
 * In the open "Cancel this booking?" dialog, refunds `dollars` (typed as the owner types them)
 * with `message` to the customer `name`, cancels, sees both toasts, and answers the cancellation
 * e-mail to `email`.
 */
async function refundAndCancel(page: Page, name: string, email: string, dollars: string, message: string) {
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await ask.getByLabel('Amount to refund ($)').fill(dollars);
  await ask.getByLabel(`Message to ${name} (optional)`).fill(message);
  await ask.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(toast(page, 'Booking cancelled')).toBeVisible();
  await expect(toast(page, `$${dollars} is being refunded`)).toBeVisible();
  return waitForMail((m) => m.to.some((t) => t.includes(email)) && m.subject.startsWith('Your booking is cancelled'));
}

/** A $1,650 demo booking with its $825 deposit and its $825 balance paid by card. */
async function paidInFull(name: string, email: string) {
  const b = await storedPaidBooking(name, email, { install_date: '2026-12-14', removal_date: '2027-01-31', payment_status: 'paid', balance_remaining: 0 });
  const su = await superuserClient();
  await su
    .collection('charges')
    .create({ booking: b.id, kind: 'balance', amount: 82500, balance_amount: 82500, status: 'succeeded', idempotency_key: `lists-${RUN}-${++keys}`, stripe_payment_intent_id: `demo_pi_lists_${RUN}` });
  return b;
}

test('the owner cancels with $300 refunded and a message; the Cancelled filter lists it with nothing due and the counts', async ({ page }) => {
  const name = `Nora Partial ${RUN}`;
  const email = `nora.${RUN}@example.com`;
  await paidInFull(name, email);
  await signedIn(page);

  // The search narrows every count to this run's booking.
  await page.getByLabel('Search').fill(`Nora Partial ${RUN}`);
  const filters = page.getByRole('tablist', { name: 'Show bookings' });
  await expect(filters.getByRole('tab', { name: 'Upcoming (1)' })).toBeVisible();
  await expect(filters.getByRole('tab', { name: 'Balance due (0)' })).toBeVisible();
  await expect(filters.getByRole('tab', { name: 'Cancelled (0)' })).toBeVisible();
  await expect(filters.getByRole('tab', { name: 'All (1)' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'More actions' }).click();
  await details.getByRole('button', { name: /Cancel Booking/i }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(ask).toContainText('Refunds $1,650');
  await ask.getByRole('radio', { name: 'Keep it, per the policy' }).check();
  await expect(ask).toContainText('Refunds $825');
  await ask.getByRole('radio', { name: 'Refund another amount' }).check();
  const mail = await refundAndCancel(page, name, email, '300', 'We are so sorry to miss your tree this year.\nSee you next season!');
  expect(mail.text).toContain('We are so sorry to miss your tree this year.');
  expect(mail.text).toContain('See you next season!');
  expect(mail.text).toContain('$300');
  expect(mail.text).toContain('Your deposit of $825 is kept');

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // Arrow keys move between the filters (one tab stop); the choice is kept in the URL.
  await filters.getByRole('tab', { name: /^All/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(filters.getByRole('tab', { name: 'Cancelled (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/filter=cancelled/);
  await expect(filters.getByRole('tab', { name: 'Upcoming (0)' })).toBeVisible();
  await expect(filters.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row).toContainText('Cancelled');
  await expect(row.locator('td[data-label="Balance Due"]')).toHaveText('Nothing due');
  await filters.getByRole('tab', { name: 'Upcoming (0)' }).click();
  await expect(page.getByText('No upcoming bookings match')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the owner cancels giving back $400 of a deposit paid alone; Booking Details shows what was refunded and the message sent', async ({ page }) => {
  const name = `Dora Deposit ${RUN}`;
  const email = `dora.${RUN}@example.com`;
  await storedPaidBooking(name, email, { install_date: '2026-12-14', removal_date: '2027-01-31' });
  await signedIn(page);

  await page.getByLabel('Search').fill(name);
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'More actions' }).click();
  await details.getByRole('button', { name: /Cancel Booking/i }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await ask.getByRole('radio', { name: 'Refund another amount' }).check();
  await expect(ask).toContainText('the deposit ($825) last, whole or in part');
  const mail = await refundAndCancel(page, name, email, '400', 'Half of it back, with our apologies.');
  expect(mail.text).toContain('$400 of your deposit of $825');
  expect(mail.text).toContain('Half of it back, with our apologies.');
  expect(mail.text).not.toContain('is kept');

  // The mirror brings the cancelled booking back: what went back and the message sent.
  const fact = (label: string) => details.locator('.admin-fact').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  await expect(fact('Refunded')).toHaveText(/\$400$/);
  await expect(fact('Message sent')).toContainText('Half of it back, with our apologies.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("'Card at the door': an open payment link as a QR code, waiting, then paid when the charge lands", async ({ page }) => {
  const name = `Quinn Code ${RUN}`;
  const b = await storedPaidBooking(name, `quinn.${RUN}@example.com`, { install_date: '2026-12-14', removal_date: '2027-01-31' });
  const su = await superuserClient();
  const charge = await su
    .collection('charges')
    .create({
      booking: b.id,
      kind: 'balance',
      amount: 82500,
      balance_amount: 82500,
      status: 'requires_checkout',
      idempotency_key: `lists-${RUN}-${++keys}`,
      checkout_url: `https://checkout.stripe.com/c/pay/cs_test_lists_${RUN}`,
    });
  await signedIn(page);
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'Show the QR code of the $825 payment link' }).click();
  const qr = page.getByRole('dialog', { name: 'Card payment: $825' });
  const code = qr.getByRole('img', { name: 'QR code of the payment link for $825' });
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('data-url', `https://checkout.stripe.com/c/pay/cs_test_lists_${RUN}`);
  const box = await code.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(250);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expect(qr.getByRole('status')).toHaveText('Waiting for payment…');

  // The customer pays on their phone: the charge lands as any link payment does.
  await su.collection('charges').update(charge.id, { status: 'succeeded', checkout_url: '' });
  await expect(qr.getByRole('status')).toHaveText('Paid: $825 received. Thank you!');
  await expect(code).toBeHidden();
});
