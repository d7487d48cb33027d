import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { fromOwnAddress, openScheduleDay, paidBooking, storeAdminSession, type SeedBooking } from './support/admin';
import { expectCalendarFits, pickDay } from './support/wizard';

/**
 * The customer's own booking at 375 px (docs/decisions/027): the manage link from the
 * confirmation e-mail (read from the SMTP sink) opens /my-booking; moving the installation
 * there reaches the admin's Schedule in another browser without a reload; the same link then
 * opens the moved booking (one stable link per booking: e2e/stable-link.spec.ts).
 */
test.use({ viewport: { width: 375, height: 812 } });

/** A paid booking for `b`, and the path of the manage link in its confirmation e-mail (read from the SMTP sink). */
async function bookedWithLink(b: SeedBooking): Promise<string> {
  return (await bookedWithLinkAndId(b)).path;
}

/** As bookedWithLink, with the booking's id. */
async function bookedWithLinkAndId(b: SeedBooking): Promise<{ path: string; id: string }> {
  const id = await paidBooking(b);
  const mail = await waitForMail((m) => m.to.includes(b.email) && m.subject.startsWith('Booking confirmed'));
  const link = /https?:\/\/\S+\/my-booking\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, 'a manage link in the confirmation').toBeTruthy();
  const url = new URL(link!);
  return { path: url.pathname + url.search, id };
}
test.beforeEach(({ context }) => fromOwnAddress(context));

test('a customer moves the installation from the e-mailed link, and the admin sees it without a reload', async ({ page, browser }) => {
  const email = `mona.${Date.now()}@example.com`;
  const link = await bookedWithLink({ name: 'Mona Mover', email, installDate: '2026-12-01', installTimeSlot: '9-15', removalDate: '2027-01-21', removalTimeSlot: '9-15' });

  // The owner has the Schedule open on that day, on another phone.
  const pb = await superuserClient();
  const staff = await pb.collection('staff').create({ email: `owner.${Date.now()}@e2e.test`, password: 'owner-pass-12345', passwordConfirm: 'owner-pass-12345', role: 'admin' });
  const owner = await pb.collection('staff').impersonate(staff.id, 3600);
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await fromOwnAddress(adminContext);
  const adminPage = await adminContext.newPage();
  await storeAdminSession(adminPage, owner.authStore.token, owner.authStore.record);
  await adminPage.goto('/admin/dashboard?tab=schedule');
  const calendar = await openScheduleDay(adminPage, 'December 2026', 'Tuesday, December 1, 2026');
  const item = adminPage.locator('.schedule-item', { hasText: 'Mona Mover' });
  await expect(item).toContainText('Install');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your booking', level: 1 })).toBeVisible();
  const visits = page.getByRole('region', { name: 'Visits' });
  await expect(visits).toContainText('Installation: Tuesday, December 1, 2026, 9 AM - 3 PM, arriving between 9 AM and 10 AM');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('$825 on installation day');

  await visits.getByRole('button', { name: 'Move the installation' }).click();
  const form = page.getByRole('form', { name: 'Move the installation' });
  // The panel comes into view with focus on its heading, not below the fold.
  await expect(form.getByRole('heading', { name: 'Move the installation' })).toBeFocused();
  await expect(form.getByRole('heading', { name: 'Move the installation' })).toBeInViewport();
  // The wizard's calendar: days the server would refuse are disabled, a Wednesday among them.
  const newDate = form.getByRole('group', { name: 'New date' });
  // It fits the 375 px screen: all seven columns, Saturday's too, with nothing to scroll sideways.
  await expectCalendarFits(page, newDate);
  await expect(newDate).toContainText('We install on Tuesdays, Fridays, Saturdays and Sundays.');
  await pickDay(newDate, 'Tuesday, December 22, 2026');
  await expect(newDate.getByRole('button', { name: 'Wednesday, December 23, 2026' })).toBeDisabled();
  await form.getByRole('radio', { name: /Morning Install/ }).check();
  await form.getByRole('button', { name: 'Move the installation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your installation has moved' })).toBeVisible();
  await expect(visits).toContainText('Installation: Tuesday, December 22, 2026, 9 AM - 3 PM');

  // The admin's schedule follows through realtime, no reload: gone from December 1, on the 22nd.
  await expect(item).toHaveCount(0);
  await calendar.getByRole('button', { name: /Tuesday, December 22, 2026, has scheduled items/ }).click();
  await expect(adminPage.locator('.schedule-item', { hasText: 'Mona Mover' })).toContainText('9 AM - 3 PM');
  await adminContext.close();

  // The link keeps working after the change, and the change's e-mail carries the same one.
  await page.reload();
  await expect(visits).toContainText('Installation: Tuesday, December 22, 2026, 9 AM - 3 PM');
  const moved = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your installation has moved'));
  expect(moved.attachments.find((a) => a.filename === 'visits.ics')?.content).toContain('SEQUENCE:1');
  expect(/\/my-booking\?token=[A-Za-z0-9_-]+/.exec(moved.text)?.[0]).toBe(link);
});

test('cancelling within 72 hours asks first, refunds the deposit and leaves nothing to act on', async ({ page }) => {
  const email = `carl.${Date.now()}@example.com`;
  await page.goto(await bookedWithLink({ name: 'Carl Cancel', email, installDate: '2026-12-20', installTimeSlot: '9-15', removalDate: '2027-01-22', removalTimeSlot: '9-15' }));
  const section = page.getByRole('region', { name: 'Cancel the booking' });
  await section.getByRole('button', { name: 'Cancel the booking' }).click();
  await section.getByRole('button', { name: 'Keep my booking' }).click();
  await section.getByRole('button', { name: 'Cancel the booking' }).click();
  await section.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is cancelled. Your deposit has been refunded' })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Move the/ })).toHaveCount(0);
  const receipt = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Refund of $825'));
  expect(receipt.text).toContain('Remaining due: nothing');
  const cancelled = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your booking is cancelled'));
  expect(cancelled.attachments.find((a) => a.filename === 'visits.ics')?.content).toContain('METHOD:CANCEL');
});

test('cancelled after the balance was paid: the page lists each refund, and one refund receipt lists both', async ({ page }) => {
  const email = `rita.${Date.now()}@example.com`;
  await page.goto(await bookedWithLink({ name: 'Rita Refund', email, installDate: '2026-12-13', installTimeSlot: '9-15', removalDate: '2027-01-27', removalTimeSlot: '9-15' }));
  const payment = page.getByRole('region', { name: 'Payment' });
  // A lost answer: the first 'Pay online' reaches the server but its answer never arrives; the
  // retry sends the same Idempotency-Key and is answered the first Checkout page.
  const keys: string[] = [];
  let firstUrl = '';
  await page.route('**/api/fn/my-booking/pay-balance', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    firstUrl = ((await (await route.fetch()).json()) as { url: string }).url;
    await route.abort('connectionreset');
  });
  await payment.getByRole('button', { name: 'Pay $825 online' }).click();
  await expect(payment.getByRole('alert')).toHaveText('We could not reach the server. Please check your connection and try again.');
  await payment.getByRole('button', { name: 'Pay $825 online' }).click();
  await page.waitForURL((url) => firstUrl !== '' && url.href.endsWith(firstUrl));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^pay_balance_[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Pay $825', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: your payment of $825 (Remaining balance) is made.' })).toBeVisible();
  const paid = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Balance payment of $825'));
  await page.goto(manageLinkIn(paid.text));
  const section = page.getByRole('region', { name: 'Cancel the booking' });
  await section.getByRole('button', { name: 'Cancel the booking' }).click();
  await section.getByRole('button', { name: /Yes, cancel and refund/ }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(payment).toContainText('Deposit refund');
  await expect(payment).toContainText('Balance payment refund');
  await expect(payment.getByText(/\$825 · (refunded|being refunded to your card)/)).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  const receipt = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Refund of $1,650'));
  expect(receipt.text).toContain('Deposit refunded: $825');
  expect(receipt.text).toContain('Balance payment refunded: $825');
  await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your booking is cancelled'));
  // One receipt for the cancellation, not one per payment.
  const pb = await superuserClient();
  const receipts = await pb.collection('mail_log').getFullList({ filter: pb.filter("to = {:email} && kind = 'receipt' && subject ~ 'Refund'", { email }) });
  expect(receipts).toHaveLength(1);
});

test("the owner's 'New booking' e-mail opens the booking's details in the admin", async ({ browser }) => {
  const email = `nina.${Date.now()}@example.com`;
  const { id } = await bookedWithLinkAndId({ name: 'Nina Notice', email, installDate: '2026-12-15', installTimeSlot: '9-15', removalDate: '2027-01-18', removalTimeSlot: '9-15' });
  const notice = await waitForMail((m) => m.subject.startsWith('New booking: Nina Notice'));
  const link = /Open in the admin: (\S+)/.exec(notice.text)?.[1];
  expect(link).toMatch(new RegExp(`/admin/dashboard\\?booking=${id}$`));
  const pb = await superuserClient();
  const staff = await pb.collection('staff').create({ email: `owner.n${Date.now()}@e2e.test`, password: 'owner-pass-12345', passwordConfirm: 'owner-pass-12345', role: 'admin' });
  const owner = await pb.collection('staff').impersonate(staff.id, 3600);
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await fromOwnAddress(adminContext);
  const adminPage = await adminContext.newPage();
  await storeAdminSession(adminPage, owner.authStore.token, owner.authStore.record);
  const url = new URL(link!);
  await adminPage.goto(url.pathname + url.search);
  const details = adminPage.getByRole('dialog', { name: /Booking Details/ });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Nina Notice');
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminContext.close();
});

test('after the 72 hours the manage page says the booking can no longer be cancelled online, and whom to call', async ({ page }) => {
  const email = `otto.${Date.now()}@example.com`;
  // December 13: a day no other spec on this server books (playwright.config.ts's groups).
  const booked = await bookedWithLinkAndId({ name: 'Otto Late', email, installDate: '2026-12-13', installTimeSlot: '9-15', removalDate: '2027-01-26', removalTimeSlot: '9-15' });
  // The deposit paid four days before the server's frozen clock (E2E_NOW, November 20).
  const pb = await superuserClient();
  await pb.collection('bookings').update(booked.id, { deposit_paid_at: '2026-11-16 17:00:00.000Z' });
  await page.goto(booked.path);
  const closed = page.getByRole('region', { name: 'Cancelling' });
  await expect(closed).toContainText('The 72 hours after booking have passed, so this booking can no longer be cancelled online');
  await expect(closed).toContainText('please call us at (410) 555-0142 or e-mail hello@thoughtfullyadorned.com');
  await expect(page.getByRole('button', { name: 'Cancel the booking' })).toHaveCount(0);
});

/** The manage link's path in e-mail `text`. */
function manageLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/my-booking\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, 'a manage link in the e-mail').toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The page fits the 375 px viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('paying the balance online from the link (demo mode): the demo payment page shows what it is for, Pay, then paid with a receipt', async ({ page }) => {
  const email = `pia.${Date.now()}@example.com`;
  await page.goto(await bookedWithLink({ name: 'Pia Payer', email, installDate: '2026-12-19', installTimeSlot: '9-15', removalDate: '2027-01-23', removalTimeSlot: '9-15' }));
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByRole('button', { name: 'Pay $825 online' }).click();
  // Demo mode shows the payment page customers will see, as the wizard does.
  await expect(page).toHaveURL(/\/demo-payment\?session_id=demo_cs_/);
  await expect(page.getByRole('note')).toHaveText('Demo payment – no card is charged');
  await expect(page.getByRole('heading', { name: 'Make your payment' })).toBeVisible();
  await expect(page.getByText('You are paying for your booking: Remaining balance.')).toBeVisible();
  await expect(page.getByText('Saturday, December 19, 2026, 9 AM - 3 PM')).toBeVisible();
  await expect(page.getByTestId('charge-amount')).toHaveText('$825');
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Pay $825', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: your payment of $825 (Remaining balance) is made.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
  const receipt = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Balance payment of $825'));
  expect(receipt.text).toContain('Remaining due: nothing, your booking is paid in full');
  // The receipt's link: paid in full, nothing left to pay online.
  await page.goto(manageLinkIn(receipt.text));
  await expect(payment).toContainText('Nothing: paid in full');
  await expect(payment.getByRole('button', { name: /online/ })).toHaveCount(0);
});

test('adding the skipped removal from the link: its price from the server, a date and slot, booked with the updated calendar', async ({ page }) => {
  const email = `rita.${Date.now()}@example.com`;
  await page.goto(
    // Tuesday Dec 22 at 3 PM, after the morning the first test moves a visit to (same town: the
    // travel buffer allows it); days near the e2e clock are inside the notice or booked by other specs.
    await bookedWithLink({ name: 'Rita Removal', email, installDate: '2026-12-22', installTimeSlot: '15-21', removalDate: null, removalTimeSlot: null, packageType: 'adorned-arrangement' }),
  );
  const visits = page.getByRole('region', { name: 'Visits' });
  await expect(visits).toContainText('No removal booked.');
  await expect(visits).toContainText('$85, on a date at least 7 days away');
  await visits.getByRole('button', { name: 'Add the removal' }).click();
  const form = page.getByRole('form', { name: 'Add the removal' });
  await expect(form).toContainText('$85, paid on the next page.');
  await form.getByRole('button', { name: 'Book the removal' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a date and a time slot for the removal.');
  await pickDay(form.getByRole('group', { name: 'Removal date' }), 'Thursday, January 14, 2027');
  await form.getByRole('radio', { name: /Morning/ }).check();
  await form.getByRole('button', { name: 'Book the removal' }).click();
  // The payment page comes first (demo mode's, as Stripe's would), with the date held.
  await expect(page).toHaveURL(/\/demo-payment\?session_id=demo_cs_/);
  await expect(page.getByText('You are paying for your booking: Removal service.')).toBeVisible();
  await expect(page.getByText('Thursday, January 14, 2027, 9 AM - 3 PM')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Pay $85', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: your payment of $85 (Removal service) is made.' })).toBeVisible();
  const booked = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your removal is booked'));
  // The e-mail's new link shows the removal booked and paid.
  await page.goto(manageLinkIn(booked.text));
  await expect(visits).toContainText('Removal: Thursday, January 14, 2027, 9 AM - 3 PM');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Removal service (added after booking)');
  expect(booked.attachments.find((a) => a.filename === 'visits.ics')?.content).toContain('SEQUENCE:1');
  const receipt = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Removal service of $85'));
  expect(receipt.text).toContain('Remaining due: $300');
});
