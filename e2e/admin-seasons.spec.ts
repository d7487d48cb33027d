import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { superuserClient } from './support/db';
import { SEASON_2027_DATES } from '../tests/support/seasons.mjs';
import { fromOwnAddress, signedInNewAdmin, toast } from './support/admin';

/**
 * The admin's Seasons card at 375 px (domain/schedule/seasons.ts): the seasons by year, 'Add next
 * season' prefilled with the usual pattern, the opening, closing-hour and early-bird fields, saved through
 * POST /api/fn/seasons. Only future seasons: 2027 is stored as the usual pattern (what a year
 * without a record follows anyway) and 2028 is added here; both are deleted after.
 */

test.use({ viewport: { width: 375, height: 740 } });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();

/** Deletes the `seasons` record of `year`, if the owner saved one. */
async function deleteSeasonOf(year: number): Promise<void> {
  const su = await superuserClient();
  const added = await su
    .collection('seasons')
    .getFirstListItem(su.filter('year = {:year}', { year }))
    .catch(() => null);
  if (added) await su.collection('seasons').delete(added.id);
}

test('the owner adds next season with its opening date, a closing hour and an early-bird price', async ({ page }) => {
  const su = await superuserClient();
  const password = `seasons-password-${RUN}`;
  const email = `seasons-${RUN}@test.local`;
  const staff = await signedInNewAdmin(page, email, password, 'Seasons Admin');
  const pattern2027 = await su.collection('seasons').create(SEASON_2027_DATES);
  try {
    await page.goto('/admin/dashboard');
    await page.getByRole('tab', { name: 'Settings' }).click();

    const card = page.getByRole('region', { name: 'Seasons' });
    await expect(card.getByRole('heading', { name: 'Season 2027' })).toBeVisible();
    await card.getByRole('button', { name: 'Add next season' }).click();
    const form = card.getByRole('form', { name: 'Season 2028 (new)' });
    await expect(form.getByRole('group', { name: 'Installations' }).getByLabel('First day')).toHaveValue('2028-11-16');
    await expect(form.getByRole('checkbox', { name: 'Tue' })).toBeChecked();
    // Closing hours: one per work day, prefilled with the pattern; Saturdays set to close at 6 PM (2028 only).
    const closing = form.getByRole('group', { name: 'Closing hours' });
    await expect(closing.getByLabel('Sunday closes at')).toHaveValue('18');
    await expect(closing.getByLabel('Tuesday closes at')).toHaveValue('21');
    await expect(closing.getByLabel('Monday closes at')).toHaveCount(0);
    await closing.getByLabel('Saturday closes at').selectOption({ label: '6 PM' });
    await form.getByLabel('Public booking opens').fill('2028-09-01');
    await form.getByLabel('Price cut').selectOption('percent');
    await form.getByLabel('Percent (1–50)').fill('10');
    await form.getByLabel('Early-bird price until').fill('2028-10-01');
    await expectNoViolations(page, { context: 'Seasons card', exclude: ['[data-sonner-toaster]'] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await form.getByRole('button', { name: 'Save season 2028' }).click();
    await expect(toast(page, 'Season 2028 saved')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Season 2028', exact: true })).toBeVisible();
    const stored = await su.collection('seasons').getFirstListItem('year = 2028');
    expect(stored).toMatchObject({
      install_start: '2028-11-16',
      public_opens: '2028-09-01',
      early_bird_kind: 'percent',
      early_bird_value: 10,
      early_bird_until: '2028-10-01',
      closing_hours: { '6': 18 },
    });
  } finally {
    await deleteSeasonOf(2028);
    await su.collection('seasons').delete(pattern2027.id);
    await su.collection('staff').delete(staff.id);
  }
});

test("in November the season being sold is listed before it is saved, 'Add next season' makes next year's, and each date's rule shows before saving", async ({ page }) => {
  const su = await superuserClient();
  const password = `seasons-next-password-${RUN}`;
  const email = `seasons-next-${RUN}@test.local`;
  const staff = await signedInNewAdmin(page, email, password, 'Seasons Admin');
  try {
    // The frozen clock (E2E_NOW): Friday, November 20, 2026, the 2026 season being sold, no season saved.
    await page.goto('/admin/dashboard?tab=settings');
    const card = page.getByRole('region', { name: 'Seasons' });
    await expect(card.getByRole('heading', { name: 'Season 2026 (being sold, not saved yet: the usual dates)' })).toBeVisible();
    await card.getByRole('button', { name: 'Add next season' }).click();
    const form = card.getByRole('form', { name: 'Season 2027 (new)' });
    await expect(form.getByRole('group', { name: 'Installations' }).getByLabel('First day')).toHaveValue('2027-11-16');
    // The renewal date's rule and earliest date, before anything is saved.
    const renewals = form.getByLabel('Renewals open');
    await expect(renewals).toHaveAccessibleDescription(
      'Renewals can open only after the 2026 installations end (Wednesday, December 23, 2026): the earliest is Thursday, December 24, 2026. Left empty, no renewal e-mails.',
    );
    await expect(form.getByText('the earliest is Thursday, December 24, 2026')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Removals' })).toHaveAccessibleDescription('Removals start after the last installation day: the earliest first day is Friday, December 24, 2027.');
    await form.getByLabel('Price cut').selectOption('amount');
    await expect(form.getByLabel('Dollars')).toHaveAccessibleDescription("At most $150, half the cheapest package's price.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Today is too early, as the rule said; the earliest date saves.
    await form.getByLabel('Price cut').selectOption('');
    await renewals.fill('2026-11-20');
    await form.getByRole('button', { name: 'Save season 2027' }).click();
    await expect(toast(page, 'Error')).toContainText('Renewals for the 2027 season can open only after the 2026 installations end (Wednesday, December 23, 2026)');
    await renewals.fill('2026-12-24');
    await form.getByRole('button', { name: 'Save season 2027' }).click();
    await expect(toast(page, 'Season 2027 saved')).toBeVisible();
    expect(await su.collection('seasons').getFirstListItem('year = 2027')).toMatchObject({ renewals_open: '2026-12-24' });
    await expectNoViolations(page, { context: 'Seasons card with the season being sold', exclude: ['[data-sonner-toaster]'] });
  } finally {
    await deleteSeasonOf(2027);
    await su.collection('staff').delete(staff.id);
  }
});
