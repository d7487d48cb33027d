import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { fromOwnAddress, openScheduleDay, storeAdminSession, storedPaidBooking, toast } from './support/admin';
import { fillContact, pickDay, sizeToSchedule } from './support/wizard';
import type { Browser } from '@playwright/test';

/**
 * The owner's side of the waitlist at 375 px (the waitlist contract): the phone booking takes a
 * time held only by an open offer after 'Book anyway?', and the offer shows 'Ended'; the manage
 * page's 'Tell me if Saturday frees up' joins; the owner's 'Skip' passes an open offer to the
 * next in line; the Overview counts the people waiting in the next 14 days; the Settings' offer
 * window saves; the Schedule marks a day with no time left Full. On the second server; no other
 * spec of that server uses Saturday December 5 or Sunday December 6, 2026 (the first server's
 * admin.spec does, on its own data).
 */
test.use({ viewport: { width: 375, height: 812 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
const FULL = { package_type: 'adorned-arrangement', tree_size: '7.5-9ft', removal_date: '', removal_time_slot: '' };

/** Fills `date` for a 7.5–9 ft tree (9-15 and 15-21 paid; 12-18 overlaps both); resolves with the morning booking's id. */
async function fillDay(date: string, tag: string): Promise<string> {
  const morning = await storedPaidBooking(`Morning ${tag}${RUN}`, `morning.${tag}.${RUN}@example.com`, { ...FULL, install_date: date, install_time_slot: '9-15' });
  await storedPaidBooking(`Evening ${tag}${RUN}`, `evening.${tag}.${RUN}@example.com`, { ...FULL, install_date: date, install_time_slot: '15-21' });
  return morning.id as string;
}

/** Joins `date`'s waitlist through the route, as the wizard's form does. */
async function joinByRoute(baseURL: string, name: string, email: string, date: string): Promise<string> {
  const res = await fetch(new URL('/api/fn/waitlist/join', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.210.${(RUN + email.length) % 250}` },
    body: JSON.stringify({ name, email, phone: '(410) 555-0191', date, kind: 'install', size: '7.5-9ft', package: 'adorned-arrangement', choices: {} }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { entry: { id: string } }).entry.id;
}

/** A signed-in owner's page of its own (a fresh admin account). */
async function ownerPage(browser: Browser, tag: string) {
  const su = await superuserClient();
  const staff = await su.collection('staff').create({ email: `waitlist-${tag}.${RUN}@e2e.test`, password: 'owner-pass-12345', passwordConfirm: 'owner-pass-12345', role: 'admin' });
  const owner = await su.collection('staff').impersonate(staff.id, 3600);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await fromOwnAddress(context);
  const page = await context.newPage();
  await storeAdminSession(page, owner.authStore.token, owner.authStore.record);
  return { page, context };
}

test("the owner's phone booking takes a time offered to someone waiting after 'Book anyway?'; the offer shows Ended", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const su = await superuserClient();
  const DAY = '2026-12-06';
  const morning = await fillDay(DAY, 'sun');
  const olive = `Olive Offered${RUN}`;
  await joinByRoute(baseURL!, olive, `olive.${RUN}@example.com`, DAY);
  await su.collection('bookings').update(morning, { status: 'cancelled', cancel_reason: 'owner_cancelled' });
  await su.send('/api/fn/jobs/waitlist-offers', { method: 'POST', body: {} });
  const [offer] = await su.collection('waitlist_offers').getFullList({ filter: su.filter('date = {:d}', { d: DAY }) });
  expect(offer).toMatchObject({ time_slot: '9-15', status: 'open' });

  const { page, context } = await ownerPage(browser, 'phone');
  await page.goto('/admin/new-booking');
  await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /Adorned Arrangement/ }).check();
  await sizeToSchedule(page, '7.5–9 ft');
  await pickDay(page.getByRole('group', { name: 'Installation date' }), 'Sunday, December 6, 2026');
  const times = page.getByRole('group', { name: 'Installation time' });
  const held = times.getByRole('radio', { name: /Morning Install/ });
  await expect(held).toHaveAccessibleName(/Offered to someone waiting/);
  await expect(held).toBeEnabled();
  await expect(times.getByRole('radio', { name: /Midday Install/ })).toBeDisabled();
  await held.check();
  const paula = { name: `Paula Phone${RUN}`, email: `paula.${RUN}@example.com`, phone: '(410) 555-0123', address: '8 Bell Court, Columbia, MD 21044' };
  await fillContact(page, paula);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Book with the .* deposit$/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Book anyway?' });
  await expect(ask).toContainText(/An offer for this time is open to Olive O\. until \d{1,2}:\d{2} (AM|PM)\. Book anyway\?/);
  await ask.getByRole('button', { name: 'Book anyway' }).click();
  await expect(toast(page, 'Booking made')).toBeVisible();
  const [booked] = await su.collection('bookings').getFullList({ filter: su.filter('customer_email = {:e}', { e: paula.email }) });
  expect(booked).toMatchObject({ install_date: expect.stringMatching(/^2026-12-06/), install_time_slot: '9-15' });
  expect(await su.collection('waitlist_offers').getOne(offer!.id)).toMatchObject({ status: 'ended' });

  // The day's waitlist: Olive waits again, her offer ended.
  await page.goto('/admin/dashboard?tab=schedule');
  const calendar = await openScheduleDay(page, 'December 2026', 'Sunday, December 6, 2026');
  // Paula's 9-15 and the 15-21 leave no time on that Sunday (it closes at 6 PM) for any tree: the
  // Schedule marks it Full, as the wizard does, drawn unlike a day with time left.
  const full = calendar.getByRole('button', { name: 'Sunday, December 6, 2026, has scheduled items, Full, selected' });
  await expect(full).toBeVisible();
  const background = (name: string) => calendar.getByRole('button', { name }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background('Sunday, December 6, 2026, has scheduled items, Full, selected')).not.toBe(await background('Monday, December 7, 2026'));
  await expect(page.locator('.schedule__calendar')).toContainText('Full: every installation or removal time is taken.');
  const entry = page.getByTestId('day-waitlist').getByTestId('waitlist-entry').filter({ hasText: olive });
  await expect(entry).toContainText('Waiting');
  await expect(entry.getByTestId('waitlist-offer')).toContainText('9 AM - 3 PM: Ended');
  await context.close();
});

test("the manage page's 'Tell me if Saturday frees up' joins; the owner's Skip passes the offer on; the Overview counts the people waiting; the offer window saves", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const su = await superuserClient();
  const DAY = '2026-12-05';
  const morning = await fillDay(DAY, 'sat');

  // A customer who paid an hour ago (moves are open for 72 hours) for Monday, December 7 (stored
  // directly: no checkout books a Monday) gets their link by the owner's 'send link'.
  const moverName = `Milo Mover${RUN}`;
  const moverEmail = `milo.${RUN}@example.com`;
  const mover = await storedPaidBooking(moverName, moverEmail, { ...FULL, install_date: '2026-12-07', install_time_slot: '9-15', deposit_paid_at: '2026-11-20 16:00:00.000Z' });
  await su.send('/api/fn/admin-bookings/send-link', { method: 'POST', headers: { 'Idempotency-Key': `waitlist-owner-link-${RUN}` }, body: { bookingId: mover.id } });
  await su.send('/api/fn/jobs/deliver-mail', { method: 'POST', body: {} });
  const linkMail = await waitForMail((m) => m.to.includes(moverEmail) && /\/my-booking\?token=/.test(m.text));
  const link = /https?:\/\/\S+\/my-booking\?token=[A-Za-z0-9_-]+/.exec(linkMail.text)![0];

  await page.goto(new URL(link).pathname + new URL(link).search);
  const visits = page.getByRole('region', { name: 'Visits' });
  await visits.getByRole('button', { name: 'Move the installation' }).click();
  const form = page.getByRole('form', { name: 'Move the installation' });
  await pickDay(form.getByRole('group', { name: 'New date' }), 'Saturday, December 5, 2026');
  await expect(form.getByRole('radio')).toHaveCount(3);
  for (const radio of await form.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await form.getByRole('button', { name: 'Tell me if Saturday frees up' }).click();
  const wait = page.getByRole('group', { name: 'Wait for Saturday, December 5' });
  // No contact is asked: the entry waits under the booking's own name, e-mail and phone.
  await expect(wait.getByRole('textbox')).toHaveCount(0);
  await wait.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByTestId('waitlist-joined')).toHaveText("You're on the waitlist for Saturday, December 5. We'll e-mail you if a time frees up.");
  const [moving] = await su.collection('waitlist_entries').getFullList({ filter: su.filter('date = {:d} && booking = {:b}', { d: DAY, b: mover.id }) });
  expect(moving).toMatchObject({ status: 'waiting', kind: 'install', name: moverName, email_key: moverEmail.toLowerCase() });

  // Nadia joins after him; the morning frees and the job offers it to Milo, first in line.
  const nadia = `Nadia Next${RUN}`;
  const nadiaId = await joinByRoute(baseURL!, nadia, `nadia.${RUN}@example.com`, DAY);
  await su.collection('bookings').update(morning, { status: 'cancelled', cancel_reason: 'owner_cancelled' });
  await su.send('/api/fn/jobs/waitlist-offers', { method: 'POST', body: {} });
  expect((await su.collection('waitlist_entries').getOne(moving!.id)).status).toBe('offered');

  // Two people wait for Saturday, November 21 (inside the notice: never offered), in the 14 days the Overview counts.
  const seeded: string[] = [];
  for (const who of ['quinn', 'rosa']) {
    const made = await su
      .collection('waitlist_entries')
      .create({
        email_key: `${who}.${RUN}@example.com`,
        name: who,
        email: `${who}.${RUN}@example.com`,
        date: '2026-11-21',
        kind: 'install',
        tree_size: '7.5-9ft',
        package_type: 'adorned-arrangement',
        joined_at: RUN,
        status: 'waiting',
      });
    seeded.push(made.id);
  }

  const { page: owner, context } = await ownerPage(browser, 'skip');
  await owner.goto('/admin/dashboard?tab=schedule');
  await openScheduleDay(owner, 'December 2026', 'Saturday, December 5, 2026');
  const list = owner.getByTestId('day-waitlist');
  const milo = list.getByTestId('waitlist-entry').filter({ hasText: moverName });
  await expect(milo).toContainText('Offer open');
  await milo.getByRole('button', { name: 'Skip' }).click();
  await owner.getByRole('alertdialog', { name: 'Skip on the waitlist?' }).getByRole('button', { name: 'Skip' }).click();
  await expect(milo).toContainText('Skipped');
  await expect(milo.getByTestId('waitlist-offer')).toContainText('9 AM - 3 PM: Ended');
  const next = list.getByTestId('waitlist-entry').filter({ hasText: nadia });
  await expect(next).toContainText('Offer open');
  await expect(next.getByTestId('waitlist-offer')).toContainText(/9 AM - 3 PM: Open until \d{1,2}:\d{2} (AM|PM)/);
  expect((await su.collection('waitlist_entries').getOne(nadiaId)).status).toBe('offered');

  // The Overview: the people with a live entry from today through December 3.
  const live = await su.collection('waitlist_entries').getFullList({ filter: "(status = 'waiting' || status = 'offered') && date >= '2026-11-20' && date <= '2026-12-03'" });
  const people = new Set(live.map((e) => e.email_key)).size;
  expect(people).toBeGreaterThanOrEqual(2);
  await owner.goto('/admin/dashboard?tab=overview');
  await expect(owner.getByTestId('overview-waitlist')).toHaveText(`${people} waiting in the next 14 days`);

  // Settings: the offer window saves (put back after, for the other specs' offers).
  const setting = await su.collection('settings').getFirstListItem('key = "waitlist"');
  try {
    await owner.goto('/admin/dashboard?tab=settings');
    const card = owner.getByRole('form', { name: 'Waitlist' });
    await card.getByLabel('Offer window (hours)').fill('10');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toast(owner, 'Settings saved')).toBeVisible();
    expect((await su.collection('settings').getOne(setting.id)).value).toEqual({ offer_hours: 10 });
  } finally {
    await su.collection('settings').update(setting.id, { value: setting.value });
    // The seeded entries leave with the test (no other spec's Overview counts them).
    for (const id of seeded) await su.collection('waitlist_entries').delete(id);
  }
  await context.close();
});
