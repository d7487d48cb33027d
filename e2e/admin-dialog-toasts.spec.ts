import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fromOwnAddress, signedInNewAdmin, storedPaidBooking, toast } from './support/admin';
import { e2eBaseUrl } from './support/constants';

/**
 * A toast raised while a modal dialog is open shows on top of it and can be dismissed there
 * (web/src/components/layout/top-layer-toaster.tsx): a modal dialog makes the page behind it
 * inert, so a toaster left in the page would show under the dialog, out of reach. The error
 * also shows in the form. At 375 px, on the owner's phone.
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

async function signedIn(page: Page, tab: string) {
  await signedInNewAdmin(page, `toasts-${tab}-${RUN}@test.local`, `toasts-password-${RUN}`, 'Toasts Admin');
  await page.goto(`/admin/dashboard?tab=${tab}`);
}

/** True when what is at the centre of `toastBox` is the toast itself (nothing covers it). */
async function onTop(page: Page, toastBox: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-sonner-toast]'), { x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 });
}

test('a refusal inside a dialog shows its toast on top of the dialog, dismissable there, and in the form', async ({ page }) => {
  const name = `Tess Toast ${RUN}`;
  // Visits in the past, both done: the damages dialog is offered. No slot of a later day is taken.
  await storedPaidBooking(name, `tess.${RUN}@example.com`, {
    install_date: '2026-11-09',
    removal_date: '2026-11-17',
    install_done_at: '2026-11-09 17:00:00.000Z',
    removal_done_at: '2026-11-17 17:00:00.000Z',
  });
  await signedIn(page, 'bookings');

  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.getByRole('button', { name: 'Record Damages & Charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Damages & Charge' });
  // Charge pressed with no damage ticked: refused in a toast and in the form.
  await dialog.getByRole('button', { name: /^Charge \$/ }).click();

  const refused = toast(page, 'Please select at least one damage item to charge');
  await expect(refused).toBeVisible();
  await expect(dialog).toContainText('Please select at least one damage item to charge');
  // The toast is inside the open dialog's top layer: what is at its centre is the toast itself.
  // Once it has slid in, what is at its centre is the toast itself.
  await expect.poll(async () => onTop(page, (await refused.boundingBox())!)).toBe(true);
  // And it can be dismissed there (a toast behind a modal dialog is inert: the click would not land).
  await refused.hover();
  await refused.getByRole('button', { name: /close/i }).click({ timeout: 5_000 });
  await expect(refused).toBeHidden();
  await expect(dialog).toBeVisible();

  // Closing the dialogs keeps the toaster working in the page.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a refused reschedule of a consultation shows on top of its dialog and in the form', async ({ page }) => {
  const name = `Rhea Reschedule ${RUN}`;
  // December 16, a Wednesday no other spec of this server books a consultation on.
  const res = await fetch(`${e2eBaseUrl()}/api/fn/consultation-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${(RUN % 200) + 1}` },
    body: JSON.stringify({
      date: '2026-12-16',
      timeSlot: '15:30',
      customerName: name,
      customerEmail: `rhea.${RUN}@example.com`,
      customerPhone: '(410) 555-0178',
      customerAddress: '6 Pine Way, Columbia, MD 21044',
    }),
  });
  expect(res.status).toBe(200);
  await signedIn(page, 'consultations');
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Consultation' });
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  const move = dialog.getByRole('group', { name: 'Reschedule the consultation' });
  await move.getByLabel('New date (a Wednesday)').fill('2026-12-15'); // a Tuesday: the server refuses it
  await move.getByLabel('New time').selectOption({ index: 1 });
  await move.getByRole('button', { name: 'Move the consultation' }).click();

  const refused = page.locator('[data-sonner-toast][data-type="error"]').first();
  await expect(refused).toBeVisible();
  const sentence = (await refused.locator('[data-description]').textContent()) ?? '';
  expect(sentence).not.toBe('');
  await expect(move.getByRole('alert')).toHaveText(sentence);
  // Once it has slid in, what is at its centre is the toast itself.
  await expect.poll(async () => onTop(page, (await refused.boundingBox())!)).toBe(true);
  await refused.hover();
  await refused.getByRole('button', { name: /close/i }).click({ timeout: 5_000 });
  await expect(refused).toBeHidden();
});
