import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { storedPaidBooking } from './support/admin';
import { fillContact, pickDay, wizardToSchedule } from './support/wizard';

/**
 * Minimum notice and the travel buffer in the booking wizard, at 375 px (domain/schedule/notice.ts,
 * travel-buffer.ts). On the e2e clock (Friday 2026-11-20, noon) Saturday the 21st is inside the
 * 48 hours' notice: disabled, with the hint. A visit in Annapolis from 9 to 12 on Friday
 * 2026-11-27 (a day no other spec on this server books: booking-options, which does, runs on the
 * first) leaves no time to drive to Ellicott City for noon: once the address is typed, the
 * Midday slot is not offered; 3 PM still is.
 */

test.use({ viewport: { width: 375, height: 740 } });

const RUN = Date.now();

test('a day inside the notice is disabled with the hint; a back-to-back slot across towns is not offered', async ({ page }) => {
  const far = await storedPaidBooking(`Far Visit ${RUN}`, `far.${RUN}@example.com`, {
    customer_address: '100 Main St, Annapolis, MD 21401',
    tree_size: '5-7ft',
    install_date: '2026-11-27',
    install_time_slot: '9-12',
    removal_date: '',
    removal_time_slot: '',
  });
  try {
    await wizardToSchedule(page, 'adorned-arrangement', '5–7 ft', /Tuesday, November 24, 2026/);
    await expect(page.getByTestId('notice-hint')).toHaveText("Bookings need 48 hours' notice.");
    const install = page.getByRole('group', { name: 'Installation date' });
    await expect(install.getByRole('button', { name: /Saturday, November 21, 2026/ })).toBeDisabled();
    // Sunday the 22nd keeps its noon slot, exactly 48 hours ahead: the day stays open.
    await expect(install.getByRole('button', { name: /Sunday, November 22, 2026/ })).toBeEnabled();

    await pickDay(install, 'Friday, November 27, 2026');
    const midday = page.getByRole('radio', { name: /Midday Install/ });
    // Before the address, only the overlap counts: noon follows the 9-12 visit back to back.
    await expect(midday).toBeEnabled();
    await fillContact(page, { name: 'Ivy Green', email: `ivy.${RUN}@example.com`, phone: '(410) 555-0123', address: '42 Evergreen Lane, Ellicott City, MD 21043' });
    await expect(midday).toBeDisabled();
    await expect(page.getByRole('radio', { name: /Morning Install/ })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /Afternoon Install/ })).toBeEnabled();
  } finally {
    await (await superuserClient()).collection('bookings').delete(far.id);
  }
});
