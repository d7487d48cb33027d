import type { Locator } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { fromOwnAddress, openScheduleDay, paidBooking, storeAdminSession } from './support/admin';
import { expectCalendarFits, pickDay, sizeToSchedule } from './support/wizard';

/**
 * The day `day` of the calendar `group` is marked full: its button named '…, Full – join the
 * waitlist' and drawn unlike an open day (another background), found going forward a month at a time.
 */
async function expectFullDay(group: Locator, day: string): Promise<void> {
  const full = group.getByRole('button', { name: `${day}, Full – join the waitlist` });
  for (let i = 0; i < 3 && !(await full.isVisible()); i++) await group.getByRole('button', { name: /next month/i }).click();
  await expect(full).toBeEnabled();
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  const open = group.getByRole('button', { name: /^Friday, December 11, 2026$/ });
  expect(await background(full)).not.toBe(await background(open));
}

/**
 * The waitlist for full days at 375 px (the waitlist contract): Saturday, December 12, 2026 is
 * filled for a 7.5–9 ft tree by two paid bookings (9-15 and 15-21); the wizard offers the
 * waitlist on that day and a customer joins; one booking is cancelled from its manage link, the
 * offers job runs, the offer e-mail (read from the SMTP sink) leads through 'Book it' and the
 * wizard's last steps to a paid deposit, and the owner sees the day's waitlist with the offer
 * booked. On the second server; no other spec of that server uses December 12.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const DAY = '2026-12-12';
const RUN = Date.now();
const ADDRESS = '12 Holly Court, Ellicott City, MD 21043';
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('a full day offers the waitlist; a freed time is offered by e-mail, booked and paid; the owner sees the list', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const su = await superuserClient();
  const seed = (name: string, slot: string) =>
    paidBooking({
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}.${RUN}@example.com`,
      packageType: 'adorned-arrangement',
      treeSize: '7.5-9ft',
      installDate: DAY,
      installTimeSlot: slot,
      removalDate: null,
      removalTimeSlot: null,
    });
  const morningEmail = `wendy.${RUN}@example.com`;
  await seed(`Wendy Full${RUN}`, '9-15');
  await seed(`Xavier Full${RUN}`, '15-21');
  const confirmation = await waitForMail((m) => m.to.includes(morningEmail) && m.subject.startsWith('Booking confirmed'));
  const manage = /https?:\/\/\S+\/my-booking\?token=([A-Za-z0-9_-]+)/.exec(confirmation.text);
  expect(manage, 'a manage link in the confirmation').toBeTruthy();

  // The wizard: every time of the day is taken, and the waitlist is offered.
  const waiter = { name: 'Yara Waiting', email: `yara.${RUN}@example.com`, phone: '(410) 555-0190' };
  await page.goto('/booking?package=adorned-arrangement');
  await sizeToSchedule(page, '7.5–9 ft');
  // The full day is marked before any tap: named and drawn as full, with the legend saying what the mark means.
  const installCalendar = page.getByRole('group', { name: 'Installation date' });
  await expect(installCalendar).toContainText('Full – join the waitlist');
  await expectFullDay(installCalendar, 'Saturday, December 12, 2026');
  await expect(installCalendar.getByRole('button', { name: /^Friday, December 11, 2026$/ })).toBeEnabled();
  await pickDay(installCalendar, 'Saturday, December 12, 2026');
  const times = page.getByRole('group', { name: 'Installation time' });
  await expect(times.getByRole('radio')).toHaveCount(3);
  for (const radio of await times.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await times.getByRole('button', { name: 'Join the waitlist for this day' }).click();
  const join = page.getByRole('group', { name: 'Waitlist for Saturday, December 12' });
  await expect(join.getByLabel('Your name')).toBeFocused();
  await join.getByLabel('Your name').fill(waiter.name);
  await join.getByLabel('E-mail for the waitlist').fill(waiter.email);
  await join.getByLabel('Your phone').fill(waiter.phone);
  await expectNoViolations(page, { context: 'The waitlist join form', exclude: ['[data-sonner-toaster]'] });
  await join.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByTestId('waitlist-joined')).toHaveText("You're on the waitlist for Saturday, December 12. We'll e-mail you if a time frees up.");
  // Queued with the entry, sent by the deliver-mail job (run now).
  await su.send('/api/fn/jobs/deliver-mail', { method: 'POST', body: {} });
  const joined = await waitForMail((m) => m.to.includes(waiter.email) && m.subject.startsWith("You're on the waitlist"));
  expect(joined.text).toMatch(/\/waitlist\/leave\?token=/);

  // The manage page's move calendar marks it too (Wendy's own booking fills it with Xavier's).
  await page.goto(`/my-booking?token=${manage![1]}`);
  await page.getByRole('region', { name: 'Visits' }).getByRole('button', { name: 'Move the installation' }).click();
  const moveCalendar = page.getByRole('form', { name: 'Move the installation' }).getByRole('group', { name: 'New date' });
  await expectFullDay(moveCalendar, 'Saturday, December 12, 2026');
  await expectCalendarFits(page, moveCalendar);

  // Two more join after her (through the route, as the form does): second and third in line.
  const joinByRoute = async (name: string, email: string, address: string) => {
    const res = await fetch(new URL('/api/fn/waitlist/join', page.url()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ name, email, phone: '(410) 555-0191', date: DAY, kind: 'install', size: '7.5-9ft', package: 'adorned-arrangement', choices: {} }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { entry: { position: number } }).entry.position;
  };
  expect(await joinByRoute('Zoe Second', `zoe.${RUN}@example.com`, '198.51.200.7')).toBe(2);
  const umaEmail = `uma.${RUN}@example.com`;
  expect(await joinByRoute('Uma Third', umaEmail, '198.51.200.8')).toBe(3);

  // The morning booking is cancelled from its manage link; the offers job runs (as its cron would).
  const cancel = await fetch(new URL('/api/fn/my-booking/cancel', page.url()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: manage![1], from: { date: DAY, timeSlot: '9-15' } }),
  });
  expect(cancel.status).toBe(200);
  await su.send('/api/fn/jobs/waitlist-offers', { method: 'POST', body: {} });
  await su.send('/api/fn/jobs/deliver-mail', { method: 'POST', body: {} });

  // The third leaves from her joined e-mail's link: the page asks, the button leaves.
  const umaJoined = await waitForMail((m) => m.to.includes(umaEmail) && m.subject.startsWith("You're on the waitlist"));
  const leaveLink = /https?:\/\/\S+\/waitlist\/leave\?token=[A-Za-z0-9_-]+/.exec(umaJoined.text)?.[0];
  expect(leaveLink, "a 'Leave the waitlist' link").toBeTruthy();
  await page.goto(pathOf(leaveLink!));
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(page.getByTestId('waitlist-left')).toHaveText('You have left the waitlist. We will not e-mail you about this day again.');

  const offerMail = await waitForMail((m) => m.to.includes(waiter.email) && m.subject.startsWith('A time freed up on Saturday, December 12'));
  const offerLink = /https?:\/\/\S+\/waitlist\/offer\?token=[A-Za-z0-9_-]+/.exec(offerMail.text)?.[0];
  expect(offerLink, "a 'Book it' link in the offer e-mail").toBeTruthy();

  // The offer page: the held time, then 'Book it' into the wizard with it chosen.
  await page.goto(pathOf(offerLink!));
  await expect(page.getByRole('heading', { name: 'A time freed up for you', level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Saturday, December 12' })).toBeVisible();
  await expect(page.getByText(/This time is held for you until /)).toBeVisible();
  // The package and its price, priced on the server from the waiting choices.
  await expect(page.getByRole('definition').filter({ hasText: /^Adorned Arrangement$/ })).toBeVisible();
  await expect(page.getByTestId('offer-price')).toHaveText(/^\$[\d,]+ \(\$[\d,]+ deposit to book; any travel fee is added at checkout\)$/);
  await expectNoViolations(page, { context: 'The waitlist offer page' });
  await page.getByRole('button', { name: 'Book it' }).click();
  await page.waitForURL((url) => url.pathname === '/booking');
  await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();
  const held = page.getByRole('group', { name: 'Installation time' }).getByRole('radio', { name: /Morning Install/ });
  await expect(held).toBeChecked();
  await expect(page.getByLabel('Full Name')).toHaveValue(waiter.name);
  await expect(page.getByLabel('Email')).toHaveValue(waiter.email);
  await page.getByLabel('Installation Address').fill(ADDRESS);
  await expect(held).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Saturday, December 12, 2026, 9 AM - 3 PM' })).toBeVisible();

  const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^Pay .* Deposit$/ }).click()]);
  await payTab.waitForURL(/\/demo-payment\?session_id=/);
  await payTab.getByRole('button', { name: /^Pay \$/ }).click();
  await payTab.waitForURL(/\/booking-success\?session_id=/);
  await expect(payTab.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const booked = await su.collection('bookings').getFirstListItem(su.filter('customer_email = {:email}', { email: waiter.email }));
  expect(booked).toMatchObject({ install_date: DAY, install_time_slot: '9-15', status: 'confirmed' });

  // The owner: the day's waitlist, who and the offer's state.
  const staff = await su.collection('staff').create({ email: `waitlist-owner.${RUN}@e2e.test`, password: 'owner-pass-12345', passwordConfirm: 'owner-pass-12345', role: 'admin' });
  const owner = await su.collection('staff').impersonate(staff.id, 3600);
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await fromOwnAddress(adminContext);
  const adminPage = await adminContext.newPage();
  await storeAdminSession(adminPage, owner.authStore.token, owner.authStore.record);
  await adminPage.goto('/admin/dashboard?tab=schedule');
  await openScheduleDay(adminPage, 'December 2026', 'Saturday, December 12, 2026');
  const entry = adminPage.getByTestId('day-waitlist').getByTestId('waitlist-entry').filter({ hasText: waiter.name });
  await expect(entry).toContainText('Booked');
  await expect(entry.getByTestId('waitlist-offer')).toContainText('9 AM - 3 PM: Booked');
  await expectNoViolations(adminPage, { context: "The Schedule day's waitlist", exclude: ['[data-sonner-toaster]'] });

  // The second in line still waits; the day is full again, so no time can be offered by hand; she is removed, asked first.
  const zoe = adminPage.getByTestId('day-waitlist').getByTestId('waitlist-entry').filter({ hasText: 'Zoe Second' });
  await expect(zoe).toContainText('Waiting');
  await zoe.getByRole('button', { name: 'Offer a slot' }).click();
  const offerDialog = adminPage.getByRole('dialog', { name: 'Offer a time to Zoe Second' });
  await expect(offerDialog).toContainText('No time is free on this day for this tree.');
  await offerDialog.getByRole('button', { name: 'Cancel' }).click();
  await zoe.getByRole('button', { name: 'Remove' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Remove from the waitlist?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(zoe).toContainText('Removed');
  await expect(zoe.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(adminPage.getByTestId('waitlist-entry').filter({ hasText: 'Uma Third' })).toContainText('Left the list');
  await adminContext.close();
});
