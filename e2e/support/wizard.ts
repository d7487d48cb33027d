import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the booking wizard on `/booking?package=<packageSlug>`, picks `size` ('5–7 ft') and
 * continues through the upgrades and style steps to the schedule, then picks the install day
 * whose calendar button matches `installDay` (e.g. /Tuesday, November 24, 2026/).
 */
export async function wizardToSchedule(page: Page, packageSlug: string, size: string, installDay: RegExp): Promise<void> {
  await page.goto(`/booking?package=${packageSlug}`);
  await sizeToSchedule(page, size);
  await page.getByRole('group', { name: 'Installation date' }).getByRole('button', { name: installDay }).click();
}

/**
 * On the wizard's first step with a package chosen (the public wizard or the admin's New booking):
 * picks the tree `size` as its button reads ('5–7 ft') and continues through the upgrades and
 * style steps to the schedule, each step's heading seen.
 */
export async function sizeToSchedule(page: Page, size: string): Promise<void> {
  await page.getByText(size, { exact: true }).click();
  for (const heading of ['Upgrades', 'Style Preferences', 'Schedule']) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
}

/** Fills step 4's contact fields (the address only when given). */
export async function fillContact(page: Page, c: { name: string; email: string; phone: string; address?: string }): Promise<void> {
  await page.getByLabel('Full Name').fill(c.name);
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Phone Number').fill(c.phone);
  if (c.address !== undefined) await page.getByLabel('Installation Address').fill(c.address);
}

/**
 * Clicks the day `day` ('Tuesday, December 22, 2026') in the calendar `group` (a DateField),
 * going forward a month at a time until it shows. Fails when the day is disabled.
 */
export async function pickDay(group: ReturnType<Page['locator']>, day: string): Promise<void> {
  const button = group.getByRole('button', { name: new RegExp(`^(Today, )?${day}`) });
  for (let i = 0; i < 14 && !(await button.isVisible()); i++) await group.getByRole('button', { name: /next month/i }).click();
  await button.click();
}

/**
 * The calendar `group` (a DateField) fits the page's width: its right edge and its Saturday
 * column inside the viewport; it is no wider inside than out, no box around it scrolls sideways,
 * and neither does the page.
 */
export async function expectCalendarFits(page: Page, group: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const box = (await group.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // The weekday row (hidden from assistive tech, which reads each day's full name): its last column.
  const saturday = group.locator('.rdp-weekday').nth(6);
  await expect(saturday).toHaveText('Sa');
  await expect(saturday).toBeInViewport({ ratio: 1 });
  const satBox = (await saturday.boundingBox())!;
  expect(satBox.x + satBox.width).toBeLessThanOrEqual(box.x + box.width);
  const overflowing = await group.evaluate((el) => {
    const wide: string[] = [];
    for (let node: HTMLElement | null = el as HTMLElement; node && node !== document.body; node = node.parentElement) {
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(node).overflowX);
      if (node.scrollWidth > node.clientWidth + 1 && (node === el || scrolls)) wide.push(`${node.tagName}.${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
    }
    return wide;
  });
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
