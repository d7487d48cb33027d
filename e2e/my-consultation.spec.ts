import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { pickDay } from './support/wizard';

/**
 * A consultation's own manage link at 375 px: requested on /consultation, its link opened from
 * the confirmation e-mail (read from the SMTP sink), moved to another free time, then cancelled
 * after a confirmation step; the page is then read-only. December 2, a Wednesday no other spec
 * of this server books a consultation on (consultation.spec.ts: November 25; admin.spec.ts:
 * December 9; admin-dialog-toasts.spec.ts: December 16).
 */
test.use({ viewport: { width: 375, height: 812 } });

const LINK = /https?:\/\/\S+\/my-consultation\?token=[A-Za-z0-9_-]{43}/;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('a consultation requested, then moved and cancelled through the link of its e-mail', async ({ page }) => {
  const email = `ivy.${Date.now()}@example.com`;
  await page.goto('/consultation');
  await pickDay(page.getByRole('group', { name: 'Consultation date' }), 'Wednesday, December 2, 2026');
  await page.getByText('9:00 AM', { exact: true }).click();
  await page.getByLabel('Full Name').fill('Ivy Consult');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone Number').fill('(410) 555-0190');
  await page.getByLabel('Address').fill('3 Laurel Row, Columbia, MD 21044');
  await page.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(page.getByRole('region', { name: 'Consultation Requested' })).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Consultation requested'));
  expect(mail.text).toContain('Manage your consultation');
  const link = LINK.exec(mail.text)?.[0];
  expect(link, 'a manage link in the confirmation').toBeTruthy();

  await page.goto(pathOf(link!));
  const details = page.getByRole('region', { name: 'Free design consultation' });
  await expect(details).toContainText('Wednesday, December 2, 2026');
  await expect(details).toContainText('9:00 AM');
  await expect(details).toContainText('3 Laurel Row, Columbia, MD 21044');

  // Pick another time: the same calendar and grid as a new request.
  await page.getByRole('button', { name: 'Pick another time' }).click();
  await pickDay(page.getByRole('group', { name: 'Consultation date' }), 'Wednesday, December 2, 2026');
  await expect(page.getByRole('radio', { name: /^9:00 AM/ })).toBeDisabled();
  await page.getByText('3:30 PM', { exact: true }).click();
  await page.getByRole('button', { name: 'Move my consultation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consultation has moved' })).toBeVisible();
  await expect(details).toContainText('3:30 PM');
  const moved = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your consultation has moved'));
  expect(LINK.exec(moved.text)?.[0]).toBe(link);

  // Cancel, after a confirmation step; then the page is read-only.
  await page.getByRole('button', { name: 'Cancel consultation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consultation is cancelled' })).toBeVisible();
  await expect(details).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Pick another time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel consultation' })).toHaveCount(0);
  await waitForMail((m) => m.to.includes(email) && m.subject === 'Your consultation is cancelled');
});
