import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { clientFromOwnAddress, fromOwnAddress, storeAdminSession, storedPaidBooking } from './support/admin';

/**
 * The drive between visits on the owner's day, at 375 px (docs/decisions/035): one crew's
 * visits in three ZIPs, the drive under each visit that follows another, a warning where the
 * slots leave less time than the drive, none where they leave more. The ZIP subset arrives in
 * a chunk of its own after the day has rendered.
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
/** Today on the e2e clock (E2E_NOW): no checkout can book it, and the dashboard opens on it. */
const TODAY = '2026-11-20';

test('between visits of one crew: the estimated drive, and a warning where the slots leave too little time', async ({ page }) => {
  const su = await superuserClient();
  const password = `day-drive-password-${RUN}`;
  const email = `day-drive-${RUN}@test.local`;
  const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name: 'Day Drive Admin' });
  const visit = (name: string, slot: string, address: string) =>
    storedPaidBooking(name, `${name.split(' ')[0]!.toLowerCase()}.${RUN}@example.com`, {
      customer_address: address,
      tree_size: '5-7ft',
      install_date: TODAY,
      install_time_slot: slot,
      removal_date: '2027-01-22',
      removal_time_slot: slot,
    });
  // 9-12 in the base ZIP, 12-15 in Baltimore (12 road miles, 21 min, no time between the
  // slots), 18-21 in Annapolis (27 miles, 46 min, three hours after the visit before).
  const names = [`Ada Drive ${RUN}`, `Ben Drive ${RUN}`, `Cal Drive ${RUN}`];
  const made: { id: string }[] = [];
  try {
    made.push(await visit(names[0]!, '9-12', '3 Holly Court, Ellicott City, MD 21043'));
    made.push(await visit(names[1]!, '12-15', '200 N Charles St, Baltimore, MD 21201'));
    made.push(await visit(names[2]!, '18-21', '100 Main St, Annapolis, MD 21401'));
    const auth = await clientFromOwnAddress().collection('staff').authWithPassword(email, password);
    await storeAdminSession(page, auth.token, auth.record);
    await page.goto('/admin/dashboard');

    const today = page.getByRole('region', { name: 'Today' });
    await expect(today).toContainText('Friday, November 20, 2026');
    const stop = (name: string) => today.locator('.today__stop').filter({ hasText: name });
    await expect(today.locator('.today-visit__name')).toHaveText(names);

    const toBen = stop(names[1]!).locator('.today-drive');
    await expect(toBen).toContainText('About 21 min drive, 12 mi');
    await expect(toBen).toContainText('No time between these visits; the drive is about 21 min.');
    await expect(toBen).toHaveClass(/today-drive--tight/);
    const toCal = stop(names[2]!).locator('.today-drive');
    await expect(toCal).toHaveText('About 46 min drive, 27 mi');
    await expect(toCal).not.toContainText('between these visits');
    await expect(toCal).not.toHaveClass(/today-drive--tight/);
    await expect(stop(names[0]!).locator('.today-drive')).toHaveCount(0);

    // Still one route through the day's stops.
    const route = new URL((await today.getByRole('link', { name: 'Directions for the day' }).getAttribute('href'))!);
    expect(route.searchParams.get('destination')).toContain('100 Main St');

    // The warning's colours pass AA, and nothing spills sideways at 375 px.
    await expectNoViolations(page, { context: 'Today with drives', exclude: ['[data-sonner-toaster]'] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    for (const b of made) await su.collection('bookings').delete(b.id);
    await su.collection('staff').delete(staff.id);
  }
});

test('a first visit shows the day from the first look while the season is still being pulled (docs/decisions/044)', async ({ page, context }) => {
  const su = await superuserClient();
  const password = `first-look-password-${RUN}`;
  const email = `first-look-${RUN}@test.local`;
  const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name: 'First Look Admin' });
  const name = `Fay Firstlook ${RUN}`;
  const booking = await storedPaidBooking(name, `fay.${RUN}@example.com`, {
    install_date: TODAY,
    install_time_slot: '9-15',
    tree_size: '7.5-9ft',
    removal_date: '2027-01-22',
    removal_time_slot: '9-15',
  });
  // The full pull of the bookings (sorted by updated_at) waits until the day is on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/api\/collections\/bookings\/records\?.*sort=updated_at/, async (route) => {
    await held;
    await route.fallback();
  });
  try {
    const auth = await clientFromOwnAddress().collection('staff').authWithPassword(email, password);
    await storeAdminSession(page, auth.token, auth.record);
    await page.goto('/admin/dashboard');
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.locator('.today-visit__name')).toContainText([name]);
    await expect(today.getByRole('link', { name: 'Directions for the day' })).toBeVisible();
    // The schedule itself waits for every booking.
    await expect(page.getByText('Loading the schedule…')).toBeVisible();
    expect(await page.getByTestId('sync-status').textContent()).not.toMatch(/synced \d/);
    release();
    await expect(page.getByTestId('sync-status')).toContainText(/synced \d/);
    await expect(page.getByRole('heading', { name: 'Schedule for Friday, November 20, 2026' })).toBeVisible();
    await expect(today.locator('.today-visit__name')).toContainText([name]);
  } finally {
    release();
    await su.collection('bookings').delete(booking.id);
    await su.collection('staff').delete(staff.id);
  }
});
