import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { expectCalendarFits, fillContact, sizeToSchedule, wizardToSchedule } from './support/wizard';
import { EXAMPLE_CHOICES, PAID_DEPOSIT } from '../scripts/lib/example-booking.mjs';

const CUSTOMER = { name: 'Holly Berry', email: `holly.${Date.now()}@example.com`, phone: '(410) 555-0199', address: '42 Evergreen Lane, Ellicott City, MD 21043' };

async function expectMissingInfo(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Missing information' }).filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

test('a new visitor books Elevated Arbor 7.5–9 ft, pays the demo deposit, and the slot is then taken', async ({ page, context }) => {
  await page.goto('/booking?package=elevated-arbor');
  await expect(page.getByRole('heading', { name: 'Book Your Service' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Elevated Arbor/ })).toBeChecked();

  // Continue is blocked until a size is chosen.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select both a package and tree size');
  await page.getByText('7.5–9 ft', { exact: true }).click();
  // The toast naming what was missing leaves once it is given.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Missing information' })).toHaveCount(0);
  await expect(page.getByTestId('total')).toHaveText('$1,650');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrades' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Style Preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();

  // Blocked without an install date and slot.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select installation date and time slot');

  const install = page.getByRole('group', { name: 'Installation date' });
  await expect(install.getByRole('button', { name: /Monday, November 23, 2026/ })).toBeDisabled();
  await expect(page.getByText('Please select a date first').first()).toBeVisible();
  await install.getByRole('button', { name: /Tuesday, November 24, 2026/ }).click();
  await page.getByText('Morning Install').click();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMissingInfo(page, 'Please select removal date and time slot');
  const removal = page.getByRole('group', { name: 'Removal date' });
  await removal.getByRole('button', { name: /Monday, December 28, 2026/ }).click();
  await page.getByText('Morning Removal').click();

  await fillContact(page, CUSTOMER);
  const requests = page.getByLabel('Special Requests (Optional)');
  await expect(requests).toHaveAccessibleDescription('For the crew on the day: a gate code, pets, anything we should know.');
  await requests.fill('Gate code 4821; the dog stays inside.');
  await page.getByLabel('Parking Instructions (Optional)').fill('Park in the driveway.');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Gate code 4821; the dog stays inside.' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Park in the driveway.' })).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText('$1,650');
  await expect(page.getByTestId('deposit')).toHaveText('$825');

  // One primary action on the last step: the payment; 'Review Order' is secondary.
  await expect(page.getByRole('button', { name: 'Pay $825 Deposit' })).toHaveClass(/button--primary/);
  await expect(page.getByRole('button', { name: 'Review Order' })).not.toHaveClass(/button--primary/);
  const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $825 Deposit' }).click()]);
  await payTab.waitForURL(/\/demo-payment\?session_id=/);
  await expect(payTab.getByText('Demo payment – no card is charged')).toBeVisible();
  await expect(payTab.getByTestId('deposit-amount')).toHaveText('$825');
  await payTab.getByRole('button', { name: 'Pay $825' }).click();
  await payTab.waitForURL(/\/booking-success\?session_id=/);
  await expect(payTab.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  // The booking tab returned home after sending the customer to payment.
  await page.waitForURL((url) => url.pathname === '/');

  const pb = await superuserClient();
  const booking = await pb.collection('bookings').getFirstListItem(pb.filter('customer_email = {:email}', { email: CUSTOMER.email }));
  expect(booking).toMatchObject({ ...EXAMPLE_CHOICES, ...PAID_DEPOSIT });
  expect(booking.deposit_paid_at).not.toBe('');

  // The confirmed payment recorded a conversion for /booking/success with the session id.
  const sessionId = new URL(payTab.url()).searchParams.get('session_id');
  await expect
    .poll(async () =>
      (await pb.collection('analytics_events').getFullList({ filter: pb.filter('event_type = "conversion" && page_path = "/booking/success"') })).map((e) => [e.converted, e.metadata?.session_id]),
    )
    .toContainEqual([true, sessionId]);

  // At 375 px the success page offers the booking's manage link and its calendar file; the
  // link opens the booking (docs/decisions/051), and the demo page says it is paid.
  await payTab.setViewportSize({ width: 375, height: 812 });
  const calendar = payTab.getByRole('link', { name: 'Add to calendar' });
  await expect(calendar).toHaveAttribute('href', /\/api\/fn\/visits\.ics\?token=[A-Za-z0-9_-]{43}$/);
  const ics = await payTab.request.get((await calendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
  expect(await ics.text()).toContain('METHOD:REQUEST');
  await payTab.getByRole('link', { name: 'Manage my booking' }).click();
  await payTab.waitForURL(/\/my-booking\?token=[A-Za-z0-9_-]{43}$/);
  await expect(payTab.getByRole('region', { name: 'Payment' })).toContainText('$825');
  await expect(payTab.getByText('Elevated Arbor', { exact: false }).first()).toBeVisible();
  await payTab.goto(`/demo-payment?session_id=${sessionId}`);
  await expect(payTab.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await payTab.getByRole('link', { name: 'See your booking' }).click();
  await expect(payTab.getByRole('link', { name: 'Manage my booking' })).toBeVisible();

  // Back in the wizard from a package's link: it has started fresh and says the booking is
  // confirmed; it never offers the paid booking again, and the link's package is chosen.
  await page.goto('/booking?package=curated-christmas');
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is confirmed' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Curated Christmas/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Elevated Arbor/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  // For the next booking, the booked slot is taken.
  await wizardToSchedule(page, 'elevated-arbor', '7.5–9 ft', /Tuesday, November 24, 2026/);
  const morning = page.locator('label', { hasText: 'Morning Install' });
  await expect(morning).toContainText('Not available - conflicts with existing booking');
  await expect(morning.getByRole('radio')).toBeDisabled();
});

test('coming back while the payment is still open offers that same payment or a fresh start, never a second payment', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await wizardToSchedule(page, 'adorned-arrangement', '5–7 ft', /Sunday, November 29, 2026/);
  // The slot's radio, not the first label reading 'Install': while the slots load, that is the
  // address's label ('Installation Address'), and the click chose nothing.
  await page
    .getByRole('group', { name: 'Installation time' })
    .getByRole('radio', { name: /Morning Install/ })
    .check();
  await fillContact(page, { name: 'Ivy Open', email: `ivy.open.${Date.now()}@example.com`, phone: '(410) 555-0177', address: CUSTOMER.address });
  await page.getByRole('button', { name: 'Continue' }).click();
  const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^Pay .* Deposit$/ }).click()]);
  await payTab.waitForURL(/\/demo-payment\?session_id=/);
  const sessionId = new URL(payTab.url()).searchParams.get('session_id');
  await payTab.close(); // the customer leaves the payment page without paying

  await page.goto('/booking');
  const notice = page.getByRole('region', { name: 'Payment in progress' });
  await expect(notice).toContainText('Your payment is still open');
  await notice.getByRole('link', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/demo-payment\?session_id=/);
  expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);

  await page.goto('/booking');
  await page.getByRole('region', { name: 'Payment in progress' }).getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('region', { name: 'Payment in progress' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Adorned Arrangement/ })).not.toBeChecked();
});

test('at 375 px the calendars fit, open on the first month with a day to book, explain their marks, and the totals bar covers no focused field', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Today as the calendars learn it from the server (GET /api/fn/season) is December 5: the
  // rest of November is past, so the installation calendar opens on December, not on the
  // season's first month.
  await page.route('**/api/fn/season*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), today: '2026-12-05' } });
  });
  await page.goto('/booking?package=adorned-arrangement');
  await sizeToSchedule(page, '5–7 ft');
  const install = page.getByRole('group', { name: 'Installation date' });
  await expect(install.getByRole('grid', { name: 'December 2026' })).toBeVisible();
  await expect(install.getByRole('button', { name: /^Sunday, December 6, 2026/ })).toBeEnabled();
  await expectCalendarFits(page, install);
  // The legend: the work days and what the marks mean.
  await expect(install).toContainText('We install on Tuesdays, Fridays, Saturdays and Sundays.');
  await expect(install).toContainText('Full – join the waitlist');
  await expect(install).toContainText('Greyed out: not available');
  await expect(page.getByRole('group', { name: 'Removal date' })).toContainText('We remove on any day from December 26 to January 31.');

  // A field focused at the foot of the screen, where the fixed totals bar is, comes up above it.
  const address = page.getByLabel('Installation Address');
  await address.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
  await address.focus();
  const bar = (await page.locator('.total-bar').boundingBox())!;
  const field = (await address.boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
});
