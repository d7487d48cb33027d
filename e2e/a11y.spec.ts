import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * axe-core finds no WCAG 2.0 A/AA or 2.1 AA violations on any public route, on a desktop and a
 * 375 px phone screen (issue 3), nor in the open states of the header menu and the portfolio
 * dialog.
 */

const PUBLIC_ROUTES = [
  '/',
  '/services',
  '/booking',
  '/consultation',
  '/portfolio',
  '/about',
  '/faq',
  '/policies',
  '/terms-privacy',
  '/submit-review',
  '/testimonials',
  '/admin/login',
  '/setup-admin',
  '/booking-success',
  '/booking-cancel',
  '/this-page-does-not-exist',
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 375, height: 740 } },
] as const;

/** Checks the page at rest: waits for its running CSS animations and transitions to end first. */
async function expectNoViolations(page: Page) {
  // A cancelled animation rejects `finished`; it is over all the same.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility on ${name}`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_ROUTES) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoViolations(page);
      });
    }

    test('open header menu', async ({ page }) => {
      await page.goto('/');
      if (name === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services & Pricing sections' }).click();
      await expect(page.getByRole('link', { name: 'Our Packages' }).first()).toBeVisible();
      await expectNoViolations(page);
    });

    test('open portfolio dialog', async ({ page }) => {
      await page.goto('/portfolio');
      await page.getByRole('button', { name: /Candy Cane Lane/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
