import { type Locator, type Page } from '@playwright/test';
import { CONSULTATION_SLOTS } from '../domain/schedule/slots';
import { expect, test } from './support/fixtures';
import { e2eBaseUrl } from './support/constants';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';

const CUSTOMER = {
  name: 'Noel Winters',
  email: `noel.${Date.now()}@example.com`,
  phone: '(410) 555-0175',
  address: '8 Hollyberry Court, Columbia, MD 21044',
  notes: 'We have a 12 ft ceiling in the family room.',
};

/** Takes a slot as another visitor would, through the same public route. */
async function takeSlot(date: string, timeSlot: string): Promise<void> {
  const res = await fetch(`${e2eBaseUrl()}/api/fn/consultation-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ date, timeSlot, customerName: 'Other Visitor', customerEmail: 'other@example.com', customerPhone: '410 555 0000', customerAddress: '1 Other Street, Ellicott City' }),
  });
  expect(res.status).toBe(200);
}

function toast(page: Page, title: string, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: text }).first();
}

test.beforeEach(async () => {
  const pb = await superuserClient();
  for (const r of await pb.collection('consultation_requests').getFullList({ fields: 'id' })) await pb.collection('consultation_requests').delete(r.id);
});

test('a visitor requests a consultation on a Wednesday at 375 px, keeps its confirmation on screen and receives the e-mail', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await takeSlot('2026-11-25', '10:00');
  await page.goto('/');
  await page.getByRole('link', { name: 'Request A Consultation' }).first().click();
  await expect(page).toHaveURL(/\/consultation$/);
  await expect(page.getByRole('heading', { name: 'Request a Free Consultation' })).toBeVisible();
  // The toasts (sonner and its Toaster) load with the first toast, not with the page (docs/architecture.md "What a page loads").
  await expect(page.getByRole('group', { name: 'Consultation date' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Notifications/ })).toHaveCount(0);

  // Nothing chosen yet.
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(toast(page, 'Missing information', 'Please select a date and time for your consultation.')).toBeVisible();
  await expect(page.getByText('Please select a date first')).toBeVisible();

  // Only the season's future Wednesdays can be picked.
  const calendar = page.getByRole('group', { name: 'Consultation date' });
  await expect(calendar.getByRole('button', { name: /Thursday, November 26, 2026/ })).toBeDisabled();
  await expect(calendar.getByRole('button', { name: /Wednesday, November 18, 2026/ })).toBeDisabled();
  await expect(calendar.getByRole('button', { name: /Tuesday, November 24, 2026/ })).toBeDisabled();
  await calendar.getByRole('button', { name: /Wednesday, November 25, 2026/ }).click();

  // 24 half-hour times; the one taken by someone else is disabled.
  const times = page.getByRole('group', { name: 'Consultation time' }).getByRole('radio');
  await expect(times).toHaveCount(24);
  await expect(page.getByRole('radio', { name: '8:00 AM', exact: true })).toBeEnabled();
  await expect(page.getByRole('radio', { name: '7:30 PM', exact: true })).toBeEnabled();
  await expect(page.getByRole('radio', { name: /^10:00 AM/ })).toBeDisabled();
  await page.getByText('11:00 AM', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '11:00 AM', exact: true })).toBeChecked();

  // Contact details with the shared validation.
  await page.getByLabel('Full Name').fill(CUSTOMER.name);
  await page.getByLabel('Email').fill('noel@');
  await page.getByLabel('Phone Number').click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(toast(page, 'Invalid Input', 'Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Phone Number').fill(CUSTOMER.phone);
  await page.getByLabel('Address').fill(CUSTOMER.address);
  await page.getByLabel('Notes (Optional)').fill(CUSTOMER.notes);
  await expect(page.getByText('Invalid email address')).toHaveCount(0);

  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(toast(page, 'Consultation Requested', "We'll contact you soon to confirm your consultation. Check your email for details.")).toBeVisible();
  // The confirmation stays on screen with its details once the toast has gone.
  const requested = page.getByRole('region', { name: 'Consultation Requested' });
  await expect(requested.getByRole('heading', { name: 'Consultation Requested' })).toBeFocused();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expect(requested).toContainText('Wednesday, November 25, 2026');
  await expect(requested).toContainText('11:00 AM');
  await expect(requested).toContainText(CUSTOMER.address);
  await expect(requested).toContainText('What happens next');
  await expect(requested).toContainText(`We have e-mailed the details to ${CUSTOMER.email}.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  const pb = await superuserClient();
  const stored = await pb.collection('consultation_requests').getFirstListItem(pb.filter('customer_email = {:email}', { email: CUSTOMER.email }));
  expect(stored).toMatchObject({
    customer_name: CUSTOMER.name,
    customer_phone: CUSTOMER.phone,
    customer_address: CUSTOMER.address,
    notes: CUSTOMER.notes,
    consultation_date: '2026-11-25',
    consultation_time_slot: '11:00',
    status: 'pending',
  });

  const mail = await waitForMail((m) => m.to.includes(CUSTOMER.email));
  expect(mail.subject).toBe('Consultation requested: Wednesday, November 25, 2026 at 11:00 AM');
  // The address is not confirmed: the e-mail greets plainly and carries nothing typed (docs/architecture.md "Anonymous forms' e-mails").
  expect(mail.text).toMatch(/^Hello,\s*$/m);
  expect(mail.text).not.toContain(CUSTOMER.name);
  const ics = mail.attachments.find((a) => a.filename === 'consultation.ics');
  expect(ics?.contentType).toMatch(/text\/calendar/);
  expect(ics?.content).toContain('DTSTART;TZID=America/New_York:20261125T110000');
  expect(ics?.content).toContain('DTEND;TZID=America/New_York:20261125T113000');
  const logged = await pb.collection('mail_log').getFirstListItem(pb.filter('related_id = {:id} && kind = "consultation_confirmation"', { id: stored.id }));
  expect(logged.status).toBe('sent');

  // 'Manage your consultation' opens the request's own page, as the e-mail's link does.
  await requested.getByRole('link', { name: 'Manage your consultation' }).click();
  await expect(page).toHaveURL(/\/my-consultation\?token=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('Wednesday, November 25, 2026').first()).toBeVisible();
});

test('a failed request keeps what was typed; a time taken meanwhile is refused and shown taken', async ({ page }) => {
  await page.goto('/consultation');
  const calendar = page.getByRole('group', { name: 'Consultation date' });
  await calendar.getByRole('button', { name: /Wednesday, November 25, 2026/ }).click();
  await page.getByText('2:30 PM', { exact: true }).click();
  await page.getByLabel('Full Name').fill(CUSTOMER.name);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Phone Number').fill(CUSTOMER.phone);
  await page.getByLabel('Address').fill(CUSTOMER.address);

  // The server fails: docs/product.md's error toast, nothing lost.
  await page.route('**/api/fn/consultation-request', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom","data":{}}' }));
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(toast(page, 'Error', 'Failed to submit consultation request. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/consultation$/);
  await expect(page.getByLabel('Full Name')).toHaveValue(CUSTOMER.name);
  await expect(page.getByLabel('Address')).toHaveValue(CUSTOMER.address);
  await expect(page.getByRole('radio', { name: '2:30 PM', exact: true })).toBeChecked();
  await page.unroute('**/api/fn/consultation-request');

  // Someone else takes 2:30 PM before this visitor submits.
  await takeSlot('2026-11-25', '14:30');
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(toast(page, 'Error', 'That consultation time was just taken by someone else. Please choose another time.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^2:30 PM/ })).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(CUSTOMER.email);
  const pb = await superuserClient();
  const mine = await pb.collection('consultation_requests').getList(1, 1, { filter: pb.filter('customer_email = {:email}', { email: CUSTOMER.email }) });
  expect(mine.totalItems).toBe(0);

  // Another time goes through.
  await page.getByText('3:00 PM', { exact: true }).click();
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(page.getByRole('region', { name: 'Consultation Requested' })).toContainText('3:00 PM');
});

test('at 375 px a Wednesday with every time taken is marked Full and cannot be picked, and the calendar opens on the first month with a free Wednesday', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Every time of November 25, the only Wednesday of November after today (November 20), taken.
  const pb = await superuserClient();
  for (const slot of CONSULTATION_SLOTS) {
    await pb
      .collection('consultation_requests')
      .create({
        customer_name: 'Other Visitor',
        customer_email: `full.${slot.id.replace(':', '')}@example.com`,
        customer_phone: '410 555 0000',
        customer_address: '1 Other Street, Ellicott City',
        consultation_date: '2026-11-25',
        consultation_time_slot: slot.id,
        status: 'pending',
      });
  }
  await page.goto('/consultation');
  const calendar = page.getByRole('group', { name: 'Consultation date' });
  // It opens on December, whose first Wednesday still has times.
  await expect(calendar.getByRole('grid', { name: 'December 2026' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: /^Wednesday, December 2, 2026$/ })).toBeEnabled();
  await expect(calendar).toContainText('Consultations are held on Wednesdays.');
  await expect(calendar.locator('.date-field__legend')).toContainText('Full');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // November 25 is marked Full, drawn unlike the other closed days, and cannot be picked.
  await calendar.getByRole('button', { name: /previous month/i }).click();
  const full = calendar.getByRole('button', { name: 'Wednesday, November 25, 2026, Full' });
  await expect(full).toBeDisabled();
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(full)).not.toBe(await background(calendar.getByRole('button', { name: /^Thursday, November 26, 2026$/ })));
  await full.click({ force: true });
  await expect(calendar.getByText('No date selected')).toBeVisible();

  for (const r of await pb.collection('consultation_requests').getFullList({ fields: 'id' })) await pb.collection('consultation_requests').delete(r.id);
});
