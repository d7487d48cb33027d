import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { fromOwnAddress, storedPaidBooking } from './support/admin';
import { soldSeasonRecord, type SoldSeason } from '../tests/support/seasons.mjs';

/**
 * Renewals at 375 px (domain/customers/renewals.ts): a customer of the 2025 season, the 2026
 * season's renewals open today (a record with the windows the server already sells, so nothing
 * else changes; deleted after), the renewals job run now, the renewal e-mail read from the SMTP
 * sink, 'Reserve my week again' followed: the link shows the customer's name and e-mail masked
 * (docs/decisions/058), another address is refused with a sentence, the customer types theirs,
 * the wizard opens filled in on its review step, and the deposit is paid; then the e-mail's unsubscribe link. Dates no other spec of this server books: last year's Tuesday December 9,
 * 2025 and Monday January 12, 2026, so this year's Tuesday December 8, 2026 and Monday
 * January 11, 2027.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
const RESERVE = /https?:\/\/\S+\/booking\?renewal=[A-Za-z0-9_-]{43}/;
const UNSUBSCRIBE = /https?:\/\/\S+\/unsubscribe\?e=\S+&t=[A-Za-z0-9_-]{43}/;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('a returning customer follows the renewal link and pays the deposit with the wizard filled in', async ({ page, context }) => {
  const su = await superuserClient();
  const sold = (await (await fetch(`${test.info().project.use.baseURL}/api/fn/season`)).json()) as SoldSeason;
  const season = await su.collection('seasons').create(soldSeasonRecord(sold, { renewals_open: '2026-11-20' }));
  try {
    const email = `rosa.${RUN}@example.com`;
    await storedPaidBooking('Rosa Return', email, {
      install_date: '2025-12-09',
      removal_date: '2026-01-12',
      deposit_paid_at: '2025-11-01 15:00:00.000Z',
      status: 'completed',
      payment_status: 'paid',
      balance_remaining: 0,
    });

    const run = (await su.send('/api/fn/jobs/renewals', { method: 'POST', body: {} })) as { season: number; queued: number };
    expect(run.season).toBe(2026);
    expect(run.queued).toBeGreaterThanOrEqual(1);
    await su.send('/api/fn/jobs/deliver-mail', { method: 'POST', body: {} });
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject === 'Reserve your week again for Christmas 2026');
    expect(mail.text).toContain('Installation: Tuesday, December 8, 2026, 9 AM - 3 PM');
    const link = RESERVE.exec(mail.text)?.[0];
    expect(link, "a 'Reserve my week again' link").toBeTruthy();

    await page.goto(pathOf(link!));
    // Masked until the customer types the address the renewal came to; nothing of it is in the page before.
    await expect(page.getByRole('heading', { name: 'Welcome back, R••• R•••' })).toBeVisible();
    await expect(page.getByText(`r•••@e•••.com`)).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Rosa Return');
    await expect(page.locator('body')).not.toContainText(email);
    const field = page.getByLabel('Email');
    await field.fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Fill in my details' }).click();
    await expect(page.getByRole('alert')).toHaveText('That is not the e-mail address this renewal was sent to. Please type the address the e-mail came to.');
    await expect(field).toHaveValue('someone.else@example.com');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await field.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Fill in my details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back — we filled in last year’s choices.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
    const review = page.locator('.booking__main');
    await expect(review).toContainText('Rosa Return');
    await expect(review).toContainText('December 8, 2026');
    await expect(review).toContainText('January 11, 2027');
    await expect(page.getByTestId('deposit')).toHaveText('$825');

    const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $825 Deposit' }).click()]);
    await payTab.waitForURL(/\/demo-payment\?session_id=/);
    await payTab.getByRole('button', { name: 'Pay $825' }).click();
    await payTab.waitForURL(/\/booking-success\?session_id=/);
    await expect(payTab.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    const booked = await su.collection('bookings').getFirstListItem(su.filter('customer_email = {:e} && install_date = {:d}', { e: email, d: '2026-12-08' }));
    expect(booked).toMatchObject({ install_time_slot: '9-15', removal_date: '2027-01-11', removal_time_slot: '9-15', status: 'confirmed', payment_status: 'deposit_paid' });

    // The footer's unsubscribe link: one button, then no more of these e-mails.
    const unsubscribe = UNSUBSCRIBE.exec(mail.text)?.[0];
    expect(unsubscribe, 'an unsubscribe link').toBeTruthy();
    await page.goto(pathOf(unsubscribe!));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You will not get these e-mails again.' })).toBeVisible();
    expect((await su.collection('customers').getFirstListItem(su.filter('email_key = {:e}', { e: email }))).unsubscribed_at).not.toBe('');
  } finally {
    await su.collection('seasons').delete(season.id);
  }
});
