import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { fromOwnAddress, paidBooking } from './support/admin';
import { pickDay } from './support/wizard';

/**
 * One stable manage link per booking at 375 px (docs/decisions/027): booked, then the
 * installation moved on /my-booking, the link of the FIRST e-mail (the confirmation, read from
 * the SMTP sink) still opens the booking, with the new date; a page without a link leads to
 * 'E-mail me my link', whose form has the same link e-mailed. Dates no other spec of this
 * server books: installation 2026-12-04 moved to 2026-12-18, removal 2027-01-12.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const LINK = /https?:\/\/\S+\/my-booking\?token=[A-Za-z0-9_-]{43}/;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('the link of the first e-mail still opens the booking after a move, and the form e-mails it again', async ({ page }) => {
  const email = `stella.${Date.now()}@example.com`;
  await paidBooking({ name: 'Stella Stable', email, installDate: '2026-12-04', installTimeSlot: '9-15', removalDate: '2027-01-12', removalTimeSlot: '9-15' });
  const confirmation = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'));
  const first = LINK.exec(confirmation.text)?.[0];
  expect(first, 'a manage link in the confirmation').toBeTruthy();

  await page.goto(pathOf(first!));
  const visits = page.getByRole('region', { name: 'Visits' });
  await expect(visits).toContainText('Installation: Friday, December 4, 2026, 9 AM - 3 PM');
  await visits.getByRole('button', { name: 'Move the installation' }).click();
  const form = page.getByRole('form', { name: 'Move the installation' });
  await pickDay(form.getByRole('group', { name: 'New date' }), 'Friday, December 18, 2026');
  await form.getByRole('radio', { name: /Morning Install/ }).check();
  await form.getByRole('button', { name: 'Move the installation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your installation has moved' })).toBeVisible();
  const moved = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your installation has moved'));
  expect(LINK.exec(moved.text)?.[0]).toBe(first);

  // The confirmation's link, opened again as from the e-mail: the booking as it is now.
  await page.goto('/');
  await page.goto(pathOf(first!));
  await expect(page.getByRole('region', { name: 'Visits' })).toContainText('Installation: Friday, December 18, 2026, 9 AM - 3 PM');

  // Without a link, the page leads to the form; the form's answer never says whether the address booked.
  await page.goto('/my-booking');
  await page.getByRole('link', { name: 'E-mail me my link' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail me my link', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me my link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If we have a booking under this e-mail address, its link is on its way.' })).toBeVisible();

  // The e-mail is queued, not sent with the answer: the deliver-mail job (run now) sends it.
  const pb = await superuserClient();
  await pb.send('/api/fn/jobs/deliver-mail', { method: 'POST', body: {} });
  const again = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your booking link'));
  expect(LINK.exec(again.text)?.[0]).toBe(first);
});
