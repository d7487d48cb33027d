import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { clientFromOwnAddress, fromOwnAddress, storeAdminSession, storedPaidBooking, toast } from './support/admin';
import { waitForMail } from './support/mail';

/**
 * Blocking a day that already has visits (docs/product.md §5 Dates), on the owner's phone at
 * 375 px: the day is named with its visits before it is blocked; after, each visit is moved, its
 * customer e-mailed in the owner's words (read from the SMTP sink), or kept.
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
// January 7, 2027: a day no other spec books or blocks; unblocked again at the end, since the
// specs of this server run one after another.
const DAY = '2027-01-07';

test('a blocked day names its visits first, then each is e-mailed or kept', async ({ page }) => {
  const name = `Bea Blocked ${RUN}`;
  const email = `bea.${RUN}@example.com`;
  await storedPaidBooking(name, email, { install_date: '2026-12-03', removal_date: DAY });
  const su = await superuserClient();
  const password = `blocked-password-${RUN}`;
  const staff = `blocked-${RUN}@test.local`;
  await su.collection('staff').create({ email: staff, password, passwordConfirm: password, role: 'admin', name: 'Blocked Admin' });
  const auth = await clientFromOwnAddress().collection('staff').authWithPassword(staff, password);
  await storeAdminSession(page, auth.token, auth.record);
  try {
    await page.goto('/admin/dashboard?tab=settings');
    const section = page.getByRole('region', { name: 'Blocked dates' });
    await expect(section.getByRole('button', { name: 'Block date' })).toBeEnabled();
    // The date typed and sent at once, as a quick Enter does: the day's visits are read for this
    // date when it is sent, not taken from the field's last answer (none, for the empty field).
    await section.getByLabel('Date').evaluate((input: HTMLInputElement, day) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, day);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form!.requestSubmit();
    }, DAY);

    const ask = page.getByRole('alertdialog', { name: 'Block Thursday, January 7, 2027?' });
    await expect(ask).toContainText(`It has a visit: ${name} (removal).`);
    await ask.getByRole('button', { name: 'Block the day' }).click();
    await expect(toast(page, 'Thursday, January 7, 2027 is blocked')).toBeVisible();

    const visits = section.getByRole('region', { name: 'Visits on blocked days' });
    const item = visits.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Waiting for your choice: its reminder is held');
    await item.getByRole('button', { name: /^E-mail about/ }).click();
    await item.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(item.getByRole('alert')).toHaveText('Please write the message to the customer.');
    await item.getByLabel(`Message to ${name}`).fill('We are closed that Thursday.\nCould we come on Friday instead?');
    await item.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(toast(page, 'Customer e-mailed')).toBeVisible();
    await expect(item).toContainText('Customer e-mailed: no reminder until you keep it or move it');
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject === 'About your removal on Thursday, January 7, 2027');
    expect(mail.text).toContain('Could we come on Friday instead?');

    await item.getByRole('button', { name: /^Keep/ }).click();
    await expect(item).toContainText('Kept: its reminder goes out as usual');
    await expect(item.getByRole('button', { name: /^Keep/ })).toHaveCount(0);
    // Move… opens the booking, where its visits are moved.
    await item.getByRole('button', { name: /^Move/ }).click();
    await expect(page.getByRole('dialog', { name: /Booking Details/ })).toContainText(name);
  } finally {
    const row = await su
      .collection('blocked_dates')
      .getFirstListItem(su.filter('blocked_date = {:d}', { d: DAY }))
      .catch(() => null);
    if (row) await su.collection('blocked_dates').delete(row.id);
  }
});
