import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { E2E_NOW, e2eBaseUrl } from './support/constants';
import { superuserClient } from './support/db';
import { fillContact, sizeToSchedule } from './support/wizard';
import { waitForMail } from './support/mail';
import {
  clientFromOwnAddress,
  fromOwnAddress,
  paidBooking,
  readSetupCode,
  openScheduleDay,
  removeAllStaff,
  signInAdmin,
  startCheckout,
  submittedReview,
  storedPaidBooking,
  toast,
  accountAction,
} from './support/admin';

/**
 * The admin back office on a 375 px phone (docs/decisions/015): first-admin setup and the session, the
 * schedule, reviews, deleting a booking, damages charged in demo mode, a payment made in
 * another tab showing without a reload, and axe on every tab. The tests share one admin
 * account and run in order.
 */

test.describe.configure({ mode: 'serial' });
const RUN = Date.now();
const NEW_PASSWORD = `changed-admin-password-${RUN}`;
const admin = { email: '', password: '' };

let session: Promise<{ token: string; record: unknown }> | null = null;

/** The admin's token and record, signed in once for the tests after the first. */
function adminSession() {
  session ??= (async () => {
    const auth = await clientFromOwnAddress().collection('staff').authWithPassword(admin.email, NEW_PASSWORD);
    return { token: auth.token, record: auth.record };
  })();
  return session;
}

test.use({
  viewport: { width: 375, height: 740 },
  // Once the first test has made the admin, each test's browser starts signed in as a sign-in
  // leaves it (the auth store in localStorage; the admin's data on the device is not kept, so
  // every test still starts on a fresh device).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  storageState: async ({}, use) => {
    if (!admin.email) return use(undefined);
    const { token, record } = await adminSession();
    await use({ cookies: [], origins: [{ origin: e2eBaseUrl(), localStorage: [{ name: 'pocketbase_auth', value: JSON.stringify({ token, record }) }] }] });
  },
});
test.beforeEach(({ context }) => fromOwnAddress(context));

/** Opens the dashboard on `tab`, signed in (the storageState above). */
async function openDashboard(page: Page, tab = 'overview') {
  await page.goto(`/admin/dashboard${tab === 'overview' ? '' : `?tab=${tab}`}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** From the Bookings tab, opens 'New booking' (the wizard for a customer who phoned) and picks the Adorned Arrangement. */
async function phoneBookingOfAdornedArrangement(page: Page) {
  await openDashboard(page, 'bookings');
  await page.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /Adorned Arrangement/ }).check();
}

/** Toasts come and go mid-scan, so axe leaves them out. */
const TOASTS = ['[data-sonner-toaster]'];

async function availability(date: string, slot: string): Promise<boolean | undefined> {
  const res = await fetch(`${e2eBaseUrl()}/api/fn/availability?date=${date}&size=7.5-9ft&kind=install`);
  const body = (await res.json()) as { slots: { id: string; available: boolean }[] };
  return body.slots.find((s) => s.id === slot)?.available;
}

test('first admin: setup with the code, log in, change password, log out, log in again', async ({ page, browser }) => {
  await removeAllStaff();
  const code = await readSetupCode();
  await page.goto('/setup-admin');
  // A wrong code is refused with the server's sentence, and nothing is created.
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('alert')).toContainText('The setup code is not right.');
  await page.getByLabel('Setup code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Account Created!', level: 1 })).toBeVisible();
  await expect(page.getByText('Write this password down now')).toBeVisible();
  admin.email = (await page.getByTestId('admin-email').textContent()) ?? '';
  admin.password = (await page.getByTestId('admin-password').textContent()) ?? '';
  expect(admin.email).toContain('@');
  expect(admin.password.length).toBeGreaterThanOrEqual(16);

  // Only once: the code is spent.
  const again = await fetch(`${e2eBaseUrl()}/api/fn/setup-admin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  expect(again.status).toBe(409);

  await page.getByRole('link', { name: 'Go to Admin Login' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Welcome back! Logged in successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  // The same account on another device.
  const otherContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const other = await otherContext.newPage();
  await signInAdmin(other, admin.email, admin.password);

  // Change Password checks the form before asking the server.
  await accountAction(page, 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password').fill(admin.password);
  await dialog.getByLabel('New password', { exact: true }).fill('too-short');
  await dialog.getByLabel('Confirm new password').fill('too-short');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password must be at least 12 characters');
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Passwords don't match");
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This session goes on; the other device's session is over.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/admin\/login$/);
  await otherContext.close();

  await accountAction(page, 'Logout');
  await expect(toast(page, 'Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
  // The reason once, under the form; and no setup link now that an admin exists.
  await expect(page.getByText('Incorrect e-mail or password.')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Create the admin account' })).toHaveCount(0);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});

test("the dashboard opens on the owner's day: visits in slot order with call, navigate, what to bring and the balance; a short header", async ({ page }) => {
  const su = await superuserClient();
  const visit = (name: string, slot: string, over: Record<string, unknown> = {}) =>
    // Today on the e2e clock: no checkout can book it, so no other spec meets these.
    storedPaidBooking(name, `${name.split(' ')[0]!.toLowerCase()}.${RUN}@example.com`, {
      customer_address: `${slot === '9-15' ? 3 : 7} Holly Court, Ellicott City, MD 21043`,
      install_date: '2026-11-20',
      install_time_slot: slot,
      removal_date: '2027-01-29',
      ...over,
    });
  const late = await visit(`Tara Today ${RUN}`, '12-18', { luxe_finish: true, parking_instructions: 'Driveway on the left', notes: 'Dog named Max' });
  const early = await visit(`Toby Today ${RUN}`, '9-15');
  try {
    await openDashboard(page);
    const header = await page.locator('.admin-header').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(120);

    const today = page.getByRole('region', { name: 'Today' });
    await expect(today).toContainText('Friday, November 20, 2026');
    const cards = today.locator('.today-visit');
    await expect(cards.filter({ hasText: `Toby Today ${RUN}` })).toHaveCount(1);
    const names = await cards.locator('.today-visit__name').allTextContents();
    expect(names.indexOf(`Toby Today ${RUN}`)).toBeLessThan(names.indexOf(`Tara Today ${RUN}`));
    const tara = cards.filter({ hasText: `Tara Today ${RUN}` });
    await expect(tara).toContainText('12 PM - 6 PM, arriving between 12 PM and 1 PM');
    await expect(tara).toContainText('Luxe Finish');
    await expect(tara).toContainText('Driveway on the left');
    await expect(tara).toContainText('Dog named Max');
    await expect(tara).toContainText('$825 due');
    await expect(tara.getByRole('link', { name: 'Call (410) 555-0142' })).toHaveAttribute('href', 'tel:4105550142');
    await expect(tara.getByRole('link', { name: 'Navigate' })).toHaveAttribute('href', /google\.com\/maps\/search\/.*7%20Holly%20Court/);
    const route = new URL((await today.getByRole('link', { name: 'Directions for the day' }).getAttribute('href'))!);
    expect(route.searchParams.get('destination')).toContain('7 Holly Court');
    expect(route.searchParams.get('waypoints')).toContain('3 Holly Court');
    // The day comes before the figures.
    const dayTop = (await today.boundingBox())!.y;
    expect(dayTop).toBeLessThan((await page.getByRole('heading', { name: 'Bookings', level: 2 }).boundingBox())!.y);
    expect(dayTop).toBeLessThan(300);

    // The name opens the booking; the account's links are in the menu.
    await tara.getByRole('button', { name: `Tara Today ${RUN}` }).click();
    await expect(page.getByRole('dialog', { name: /Booking Details/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' })).toBeVisible();
  } finally {
    await su.collection('bookings').delete(late.id);
    await su.collection('bookings').delete(early.id);
  }
});

test("'Install the app' is in the admin menu, the Overview's first-run checklist shows what is left, and the tabs show there are more", async ({ page }) => {
  await openDashboard(page);
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toBeVisible();
  const install = checklist.getByRole('listitem').filter({ hasText: 'Install the app on your phone' });
  await expect(install).toContainText(': to do');
  // The admin made by the setup page has the server's placeholder address: the e-mail line waits for it.
  const mail = checklist.getByRole('listitem').filter({ hasText: "The business's sender address and your admin e-mail" });
  await expect(mail).toContainText('E-mails go out from hello@e2e.test.');
  await expect(mail.getByRole('button', { name: 'Change E-mail' })).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Your first season' }).getByRole('link', { name: 'Set up the season in Settings' })).toHaveAttribute(
    'href',
    '/admin/dashboard?tab=settings',
  );

  // At 375 px the tab row scrolls: its end shows an arrow while Reviews, Schedule and Settings lie beyond it.
  const strip = page.locator('.admin-tabstrip');
  await expect(strip).toHaveAttribute('data-more-end', 'true');
  await expect(strip.locator('.admin-tabstrip__arrow--end')).toBeVisible();
  await strip.locator('.admin-tabstrip__arrow--end').click();
  await expect(strip).toHaveAttribute('data-more-start', 'true');
  await expect(strip.locator('.admin-tabstrip__arrow--start')).toBeVisible();
  // Each tap moves the row on by most of its width, up to its end.
  await expect(async () => {
    if ((await strip.getAttribute('data-more-end')) === 'true') await strip.locator('.admin-tabstrip__arrow--end').click();
    await expect(page.getByRole('tab', { name: 'Settings' })).toBeInViewport({ ratio: 0.9, timeout: 1000 });
  }).toPass();
  await expect(strip).toHaveAttribute('data-more-end', 'false');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Install the app' }).click();
  const how = page.getByRole('dialog', { name: 'Install the app' });
  await expect(how).toContainText('tap Share, then “Add to Home Screen”');
  await expectNoViolations(page, { context: 'Install the app', exclude: TOASTS });
  await how.getByRole('button', { name: 'I have installed it' }).click();
  await expect(how).toBeHidden();
  await expect(install).toContainText(': done');
  await expect(install.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
});

test('the owner cancels a booking with its deposit refunded: asked first, the customer e-mailed, the booking cancelled once', async ({ page }) => {
  const su = await superuserClient();
  const name = `Cora Cancel ${RUN}`;
  const email = `cora.${RUN}@example.com`;
  // On a Wednesday no checkout can book: no other spec meets it.
  const booking = await storedPaidBooking(name, email, { install_date: '2026-12-09', removal_date: '2027-01-20' });
  await openDashboard(page, 'bookings');
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'More actions' }).click();
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await ask.getByRole('button', { name: 'Keep the booking' }).click();
  await expect(ask).toBeHidden();
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  await ask.getByRole('radio', { name: 'Refund the deposit' }).check();
  await ask.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(toast(page, 'Booking cancelled')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(details.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  expect(await su.collection('bookings').getOne(booking.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'owner_cancelled', payment_status: 'refunded' });
  const told = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your booking is cancelled'));
  expect(told.text).toContain('We have cancelled your booking');
  expect(told.attachments.find((a) => a.filename === 'visits.ics')?.content).toContain('METHOD:CANCEL');
  await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Refund of $825'));
});

test('the owner moves a removal to a free slot: taken slots marked, the customer e-mailed the new time', async ({ page }) => {
  const su = await superuserClient();
  const name = `Milo Move ${RUN}`;
  const email = `milo.${RUN}@example.com`;
  // December 23 (a Wednesday: no checkout books it) and late-January days no other spec uses; Tessa holds the morning of the new day.
  await storedPaidBooking(`Tessa Taken ${RUN}`, `tessa.${RUN}@example.com`, { install_date: '2026-12-23', removal_date: '2027-01-06' });
  const booking = await storedPaidBooking(name, email, { install_date: '2026-12-23', install_time_slot: '15-21', removal_date: '2027-01-30' });
  await openDashboard(page, 'bookings');
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'Move the removal' }).click();
  const move = page.getByRole('dialog', { name: 'Move the removal' });
  await move.getByLabel('New date').fill('2027-01-06');
  await expect(move.getByRole('radio', { name: '9 AM - 3 PM – taken' })).toBeDisabled();
  await move.getByRole('radio', { name: '3 PM - 9 PM' }).check();
  await move.getByRole('button', { name: 'Move the removal' }).click();
  await expect(toast(page, 'Removal moved')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(details).toContainText('January 6, 2027');
  expect(await su.collection('bookings').getOne(booking.id)).toMatchObject({ removal_date: expect.stringMatching(/^2027-01-06/), removal_time_slot: '15-21', ics_sequence: 1 });
  const told = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your removal has moved'));
  expect(told.text).toContain('We have moved your removal.');
  expect(told.attachments.find((a) => a.filename === 'visits.ics')?.content).toContain('SEQUENCE:1');
});

test('a customer who phoned is booked from the admin with the wizard; the deposit link is e-mailed and shown as a QR code, and paid from it', async ({ page }) => {
  const su = await superuserClient();
  const name = `Petra Phone ${RUN}`;
  const email = `petra.${RUN}@example.com`;
  await phoneBookingOfAdornedArrangement(page);
  await sizeToSchedule(page, '5–7 ft');
  // A Saturday no other spec books.
  await page
    .getByRole('group', { name: 'Installation date' })
    .getByRole('button', { name: /Saturday, November 21, 2026/ })
    .click();
  // The slot's own radio, which waits for the slots to load: the first label reading 'Install'
  // is the address's ('Installation Address') until they have, and clicking it chose nothing.
  await page.getByRole('group', { name: 'Installation time' }).getByRole('radio').first().check();
  await fillContact(page, { name, email, phone: '(410) 555-0123', address: '8 Bell Court, Columbia, MD 21044' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'E-mail a payment link' }).check();
  await page.getByRole('button', { name: 'Book and e-mail the link' }).click();
  await expect(toast(page, 'Booking made')).toBeVisible();
  const held = await su.collection('bookings').getFullList({ filter: su.filter('customer_email = {:email}', { email }) });
  expect(held.map((b) => [b.status, b.customer_name])).toEqual([['pending_payment', name]]);

  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Pay your deposit to confirm your booking'));
  const link = /https?:\/\/\S+\/demo-payment\?session_id=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  // With the customer beside her, the owner shows the deposit link as a QR code (at 375 px):
  // the code is the e-mailed link, and it turns to paid when the deposit lands.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Show QR code' }).click();
  const qrDialog = page.getByRole('dialog', { name: /^Deposit: \$/ });
  const code = qrDialog.getByRole('img', { name: /QR code of the deposit link/ });
  await expect(code).toHaveAttribute('data-url', link!);
  const box = (await code.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expect(qrDialog.getByRole('status')).toHaveText('Waiting for payment…');
  const customer = await page.context().newPage();
  await customer.goto(link!);
  await customer.getByRole('button', { name: /^Pay \$/ }).click();
  await customer.waitForURL(/\/booking-success\?session_id=/);
  await expect(qrDialog.getByRole('status')).toContainText('Paid: the $');
  await qrDialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: /All Bookings/ })).toBeVisible();
  await customer.close();
  const [booking] = await su.collection('bookings').getFullList({ filter: su.filter('customer_email = {:email}', { email }) });
  expect(booking).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', install_date: expect.stringMatching(/^2026-11-21/) });
  expect(booking!.booked_by).toBeTruthy();
  await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Deposit of'));
});

test('the owner books a visit for later today by phone: today is open in her calendar, the times already started are not offered', async ({ page }) => {
  const su = await superuserClient();
  const name = `Tess Today ${RUN}`;
  const email = `tess.${RUN}@example.com`;
  await phoneBookingOfAdornedArrangement(page);
  await sizeToSchedule(page, '5–7 ft');
  // The frozen clock: Friday, November 20, 2026, at noon in New York (E2E_NOW).
  const today = page.getByRole('group', { name: 'Installation date' }).getByRole('button', { name: /Friday, November 20, 2026/ });
  await expect(today).toBeEnabled();
  await today.click();
  const times = page.getByRole('group', { name: 'Installation time' });
  await expect(times.getByRole('radio', { name: /6:00 PM – 9:00 PM/ })).toBeEnabled();
  // 9 AM has started: not offered.
  await expect(times.getByRole('radio', { name: /9:00 AM – 12:00 PM/ })).toHaveCount(0);
  await times.getByRole('radio', { name: /6:00 PM – 9:00 PM/ }).check();
  await fillContact(page, { name, email, phone: '(410) 555-0124', address: '9 Bell Court, Columbia, MD 21044' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Cash, taken now' }).check();
  await page.getByRole('button', { name: /^Book with the \$/ }).click();
  await expect(toast(page, 'Booking made')).toBeVisible();
  const [booking] = await su.collection('bookings').getFullList({ filter: su.filter('customer_email = {:email}', { email }) });
  expect(booking).toMatchObject({ status: 'confirmed', install_date: expect.stringMatching(/^2026-11-20/), install_time_slot: '18-21' });
  await su.collection('bookings').delete(booking!.id);
});

test('a review request for a visit that has not happened yet asks first', async ({ page }) => {
  const name = `Rhea Review ${RUN}`;
  const email = `rhea.${RUN}@example.com`;
  const booking = await storedPaidBooking(name, email, { install_date: '2026-12-02', removal_date: '2027-01-27' });
  try {
    await openDashboard(page, 'reviews');
    await page.getByLabel('Booking').selectOption({ label: `${name}: Elevated Arbor, Wed, Dec 2, 2026` });
    await page.getByRole('button', { name: 'Send Review Request' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Ask for a review already?' });
    await expect(ask).toContainText('The removal is on Wednesday, January 27, 2027, which has not come yet.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await page.getByRole('button', { name: 'Send Review Request' }).click();
    await ask.getByRole('button', { name: 'Send it anyway' }).click();
    await expect(toast(page, 'Review request sent successfully')).toBeVisible();
  } finally {
    await (await superuserClient()).collection('bookings').delete(booking.id);
  }
});

test('a consultation request is answered: confirmed from its dialog, the customer e-mailed', async ({ page }) => {
  const email = `cleo.${RUN}@example.com`;
  const name = `Cleo Consult ${RUN}`;
  const res = await fetch(`${e2eBaseUrl()}/api/fn/consultation-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${RUN % 200}` },
    body: JSON.stringify({ date: '2026-12-09', timeSlot: '15:30', customerName: name, customerEmail: email, customerPhone: '(410) 555-0177', customerAddress: '5 Pine Way, Columbia, MD 21044' }),
  });
  expect(res.status).toBe(200);
  await openDashboard(page, 'consultations');
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Consultation' });
  await expect(dialog).toContainText('Pending');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Consultation confirmed')).toBeVisible();
  await expect(dialog).toContainText('Confirmed');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your consultation is confirmed'));
  expect(mail.attachments.find((a) => a.filename === 'consultation.ics')?.content).toContain('SEQUENCE:1');
});

test('opens a booking from the Schedule by its date', async ({ page }) => {
  await paidBooking({ name: 'Ivy Schedule', email: `ivy.${RUN}@example.com`, installDate: '2026-12-04', installTimeSlot: '12-18', removalDate: '2027-01-08', removalTimeSlot: '12-18' });
  await openDashboard(page, 'schedule');
  // The list appears once the mirror holds the bookings; the calendar then opens on the month
  // of the first day with work.
  await openScheduleDay(page, 'December 2026', 'Friday, December 4, 2026');
  const item = page.locator('.schedule-item', { hasText: 'Ivy Schedule' });
  await expect(item).toContainText('12 PM - 6 PM');
  await expect(item).toContainText('Install · Elevated Arbor · 7.5–9 ft');
  await item.getByRole('button', { name: /Ivy Schedule/ }).click();

  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Ivy Schedule');
  await expect(details).toContainText('Friday, December 4, 2026, 12 PM - 6 PM');
  await expect(details).toContainText('Friday, January 8, 2027, 12 PM - 6 PM');
  await expect(details.getByRole('link', { name: '(410) 555-0142' })).toHaveAttribute('href', 'tel:4105550142');
  await expect(details.getByRole('link', { name: /12 Holly Court/ })).toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=12%20Holly%20Court/);
  await expect(details.getByRole('button', { name: 'Record Damages & Charge' })).toBeEnabled();
});

test('approves and features a review', async ({ page }) => {
  const text = `Our ${RUN} tree was perfect: calm, careful decorators and a spotless takedown in January.`;
  const id = await submittedReview('Rosa Review', text);
  await openDashboard(page, 'reviews');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 2 })).toBeVisible();
  const card = page.getByRole('article', { name: 'Review by Rosa Review' });
  await expect(card).toContainText(text);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Review approved')).toBeVisible();
  await expect(card).toBeHidden(); // it left the Pending list

  await page.getByRole('tab', { name: /Approved/ }).click();
  const approved = page.getByRole('article', { name: 'Review by Rosa Review' });
  await approved.getByRole('button', { name: 'Feature' }).click();
  await expect(toast(page, 'Added to featured')).toBeVisible();
  await expect(approved.getByRole('button', { name: 'Unfeature' })).toHaveAttribute('aria-pressed', 'true');
  await expect(approved).toContainText('Featured');

  const pb = await superuserClient();
  const stored = await pb.collection('testimonials').getOne(id);
  expect(stored).toMatchObject({ is_approved: true, is_featured: true });
  expect(stored.approved_at).not.toBe('');
});

test('deletes a booking, which frees its slot', async ({ page }) => {
  // Confirmed but unpaid: a booking money moved for is cancelled, never deleted (e2e/admin-seams.spec.ts).
  const unpaid = { install_date: '2026-12-05', install_time_slot: '9-15', removal_date: '2027-01-09', removal_time_slot: '9-15', payment_status: 'pending', balance_remaining: 165000 };
  const { id } = await storedPaidBooking('Dell Delete', `dell.${RUN}@example.com`, unpaid);
  expect(await availability('2026-12-05', '9-15')).toBe(false);

  await openDashboard(page, 'bookings');
  await page.getByRole('button', { name: 'Dell Delete', exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'More actions' }).click();
  await details.getByRole('button', { name: 'Delete Booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this booking?' });
  await expect(confirm).toContainText('This will permanently delete this booking for the customer. This action cannot be undone.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Booking deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(details).toBeHidden();
  await expect(page.getByRole('button', { name: 'Dell Delete', exact: true })).toHaveCount(0);

  const pb = await superuserClient();
  await expect(pb.collection('bookings').getOne(id)).rejects.toMatchObject({ status: 404 });
  expect(await availability('2026-12-05', '9-15')).toBe(true);
});

test("records damages, charges the balance in demo mode and shows '$0 Paid'", async ({ page }) => {
  const id = await paidBooking({ name: 'Dana Damage', email: `dana.${RUN}@example.com`, installDate: '2026-12-06', installTimeSlot: '9-15', removalDate: '2027-01-10', removalTimeSlot: '9-15' });
  await openDashboard(page, 'bookings');
  const row = page.locator('tr', { has: page.getByRole('button', { name: 'Dana Damage', exact: true }) });
  await expect(row).toContainText('$825 Paid');
  await row.getByRole('button', { name: /Balance due \$825 for Dana Damage/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Record Damages & Charge' });
  await dialog.getByRole('checkbox', { name: /Small pieces/ }).check();
  await dialog.getByRole('spinbutton', { name: 'Small pieces quantity' }).fill('3');
  // Incidentals clears and disables the items; unticked, the items can be chosen again.
  await dialog.getByRole('checkbox', { name: /Incidentals/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Small pieces/ })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: /Small pieces/ })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: /Incidentals/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /Small pieces/ }).check();
  await dialog.getByRole('spinbutton', { name: 'Small pieces quantity' }).fill('3');
  await expect(dialog.locator('.damage-summary__total')).toContainText('$840');
  await dialog.getByRole('button', { name: 'Charge $840' }).click();
  await expect(dialog).toContainText('Charge $840 to the card on file?');
  await dialog.getByRole('button', { name: 'Yes, charge $840' }).click();
  await expect(toast(page, 'Charged $840 successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$0 Paid');

  const pb = await superuserClient();
  const booking = await pb.collection('bookings').getOne(id);
  expect(booking).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
  expect(booking.balance_paid_at).not.toBe('');
  const charges = await pb.collection('charges').getFullList({ filter: pb.filter('booking = {:id}', { id }) });
  expect(charges.map((c) => [c.status, c.amount])).toEqual([['succeeded', 84000]]);
});

test('a booking paid in another tab appears without a reload', async ({ page, context }) => {
  // The browser's clock reads the server's frozen one, so the open checkout counts as open.
  await context.clock.setFixedTime(E2E_NOW);
  await openDashboard(page, 'bookings');
  await page.evaluate(() => {
    (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
  });

  const checkout = await startCheckout({
    name: 'Paige Later',
    email: `paige.${RUN}@example.com`,
    installDate: '2026-12-08',
    installTimeSlot: '9-15',
    removalDate: '2027-01-12',
    removalTimeSlot: '9-15',
  });
  const row = page.locator('tr', { has: page.getByRole('button', { name: 'Paige Later', exact: true }) });
  await expect(row).toContainText('Pending');

  const payTab = await context.newPage();
  await payTab.goto(new URL(checkout.url).pathname + new URL(checkout.url).search);
  await payTab.getByRole('button', { name: 'Pay $825' }).click();
  await expect(payTab.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  await expect(row).toContainText('$825 Paid');
  await expect(row.getByRole('button', { name: /Balance due \$825 for Paige Later/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
});

test('settings take effect at once: a blocked date, the crews, the calendar feed', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eBaseUrl() });
  const bookable = async (date: string) => {
    const res = await fetch(`${e2eBaseUrl()}/api/fn/availability?date=${date}&size=7.5-9ft&kind=install`);
    return ((await res.json()) as { bookable: boolean }).bookable;
  };
  expect(await bookable('2026-12-11')).toBe(true);
  await openDashboard(page, 'settings');

  const blocked = page.getByRole('region', { name: 'Blocked dates' });
  await blocked.getByLabel('Date').fill('2026-12-11');
  await blocked.getByLabel('Reason (optional)').fill('Family wedding');
  await blocked.getByRole('button', { name: 'Block date' }).click();
  await expect(toast(page, 'Friday, December 11, 2026 is blocked')).toBeVisible();
  await expect(blocked).toContainText('Family wedding');
  expect(await bookable('2026-12-11')).toBe(false);
  await blocked.getByRole('button', { name: 'Unblock 2026-12-11' }).click();
  await expect(toast(page, 'Friday, December 11, 2026 is open again')).toBeVisible();
  expect(await bookable('2026-12-11')).toBe(true);

  const pb = await superuserClient();
  const crews = async () => ((await pb.collection('settings').getFirstListItem('key = "capacity"')).value as { crews: number }).crews;
  const capacity = page.getByRole('form', { name: 'Crews and service area' });
  for (const n of ['2', '1']) {
    await capacity.getByLabel('Crews working at the same time').fill(n);
    await capacity.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect.poll(crews).toBe(Number(n));
  }

  const feed = page.getByRole('region', { name: 'Calendar subscription' });
  const link = feed.getByLabel('Calendar link');
  await expect(link).toHaveValue(/\/api\/fn\/calendar\.ics\?token=/);
  const oldUrl = await link.inputValue();
  const ics = await fetch(oldUrl);
  expect(ics.status).toBe(200);
  expect(ics.headers.get('content-type')).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VCALENDAR');
  await feed.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Calendar link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  await feed.getByRole('button', { name: 'Replace link' }).click();
  await page.getByRole('alertdialog', { name: 'Replace the calendar link?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(toast(page, 'New calendar link created')).toBeVisible();
  await expect(link).not.toHaveValue(oldUrl);
  expect((await fetch(oldUrl)).status).toBe(404);
  expect((await fetch(await link.inputValue())).status).toBe(200);
});

test('a renewal answered with an empty body keeps the admin signed in, in every tab', async ({ page, context }) => {
  // What a connection lost mid-answer (or a page leaving) looks like to the SDK: a 200 with no
  // readable JSON. It once stored an empty token and signed the admin out in every tab.
  await openDashboard(page, 'schedule');
  const other = await context.newPage();
  await other.goto('/admin/dashboard?tab=schedule');
  await expect(other.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.route('**/api/collections/staff/auth-refresh', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }));
  const retried = page.waitForEvent('console', (m) => m.text().startsWith('Session refresh failed; will retry'));
  await page.reload();
  await retried;
  await expect(page.getByRole('heading', { name: /^Schedule for / })).toBeVisible();
  await expect(other.getByRole('heading', { name: /^Schedule for / })).toBeVisible();
  // The other tab's own renewal may have stored a newer token; an empty one is never stored.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string; record?: { role?: string } });
  expect(stored.token).toMatch(/^ey/);
  expect(stored.record?.role).toBe('admin');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(other).toHaveURL(/\/admin\/dashboard/);
  await other.close();
});

test.describe(() => {
  // A browser nobody has signed in on.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a staff account without the admin role is signed out with 'Access Denied'", async ({ page }) => {
    const pb = await superuserClient();
    const email = `helper.${RUN}@e2e.test`;
    await pb.collection('staff').create({ email, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Access Denied')).toContainText("You don't have admin privileges.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  });
});

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
]) {
  test(`axe finds no violations on any tab at ${viewport.width} px, nor the CSP`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Content-Security-Policy violations (pb/headers.go), recorded from before the app starts.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await openDashboard(page);
    // A toast showing on every tab: one is made on Settings and held by the pointer resting on
    // it (sonner waits while hovered); the tabs are then walked with the keyboard.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    const saved = toast(page, 'Settings saved');
    // A new toast waits a moment below its place and then slides up into it: hovered before,
    // the pointer is left below it, sonner takes that as the pointer leaving, and the toast goes.
    await expect(saved).toHaveAttribute('data-mounted', 'true');
    await saved.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    await saved.hover();
    await page.getByRole('tab', { name: 'Settings' }).focus();
    await page.keyboard.press('Home');
    for (const tab of ['Overview', 'Bookings', 'Customers', 'Consultations', 'Reviews', 'Schedule', 'Settings']) {
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 }); // nothing still loading
      await expect(saved).toBeVisible();
      // The Overview and the Schedule show the schedule's calendar.
      await expectNoViolations(page, { context: `${tab} with a toast`, calendar: tab === 'Overview' || tab === 'Schedule' });
      await page.keyboard.press('ArrowRight');
    }
    // The booking details and damages dialogs, open.
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByRole('button', { name: /Balance due \$825 for Ivy Schedule/ }).click();
    await expect(page.getByRole('dialog', { name: 'Record Damages & Charge' })).toBeVisible();
    await expectNoViolations(page, { context: 'Record Damages & Charge', exclude: TOASTS });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

test('on a phone, the setup page takes the code and the Copy button puts the one-time password on the clipboard', async ({ browser }) => {
  await removeAllStaff();
  const code = await readSetupCode();
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/setup-admin');
  const field = page.getByLabel('Setup code');
  await expect(field).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  const password = (await page.getByTestId('admin-password').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  const copy = page.getByRole('button', { name: 'Copy password' });
  await expect(copy).toBeVisible();
  // Nothing is cut off or scrolls sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await copy.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await page.screenshot({ path: test.info().outputPath('setup-admin-375.png'), fullPage: true });
  await context.close();
});
