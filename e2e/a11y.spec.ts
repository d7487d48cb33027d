import { expectNoViolations } from './support/axe';
import { wizardToSchedule } from './support/wizard';
import { expect, test } from './support/fixtures';

/**
 * Every public route renders its heading, and axe-core finds no WCAG 2.0 A/AA or 2.1 AA
 * violations, nor label-content-name-mismatch, on any public route, on a desktop and a 375 px phone screen (docs/decisions/006, 017), nor in the open
 * states of the header menu and the portfolio dialog, nor on the calendars of the booking's
 * dates step (its two calendars' landmarks named apart: axe's landmark-unique) and the consultation
 * page with a date chosen.
 */

/**
 * Every route of docs/product.md §2's table, with the heading its page shows where that is fixed
 * text. The walk below checks each route's heading as well as axe's findings (it was site.spec's
 * own walk before: one walk of the routes instead of two, docs/benchmarks.md "Where the suite's
 * time goes").
 */
const PUBLIC_ROUTES: { path: string; heading?: RegExp }[] = [
  { path: '/', heading: /^Your holidays at home,\s*thoughtfully adorned\.$/ },
  { path: '/services', heading: /^Services & Pricing$/ },
  { path: '/booking', heading: /^Book Your Service$/ },
  { path: '/consultation' },
  { path: '/portfolio', heading: /^Trees we have dressed$/ },
  { path: '/about', heading: /^A small studio with a love for the season$/ },
  { path: '/faq', heading: /^Frequently asked questions$/ },
  { path: '/policies', heading: /^Our policies$/ },
  { path: '/terms-privacy', heading: /^Terms & Privacy$/ },
  { path: '/submit-review' },
  { path: '/testimonials' },
  { path: '/admin/login' },
  { path: '/admin/dashboard' },
  { path: '/setup-admin' },
  { path: '/booking-success' },
  { path: '/booking-cancel', heading: /^Booking Cancelled$/ },
  { path: '/my-booking', heading: /^Your booking$/ },
  { path: '/this-page-does-not-exist', heading: /^Oops! Page not found$/ },
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 375, height: 740 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility on ${name}`, () => {
    // Each route as on a first visit: the service worker would answer later navigations with
    // the app shell instead of the prerendered page.
    test.use({ viewport, serviceWorkers: 'block' });

    // One page walks every route (a step and a soft check each, so every failing route is
    // reported): the scripts and styles load once, as for a visitor going from page to page.
    test('every public route', async ({ page }) => {
      test.setTimeout(PUBLIC_ROUTES.length * 15_000);
      for (const { path, heading: name } of PUBLIC_ROUTES) {
        await test.step(path, async () => {
          await page.goto(path);
          const heading = page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first();
          await expect.soft(heading, `${path}: its heading`).toBeVisible();
          await expect.soft(heading, `${path}: its heading`).not.toHaveText(/^\s*$/);
          await expectNoViolations(page, { context: path, soft: true });
        });
      }
    });

    test('open header menu', async ({ page }) => {
      await page.goto('/');
      if (name === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services & Pricing sections' }).click();
      await expect(page.getByRole('link', { name: 'Our Packages' }).first()).toBeVisible();
      await expectNoViolations(page);
    });

    test('booking dates step calendars', async ({ page }) => {
      await wizardToSchedule(page, 'elevated-arbor', '7.5–9 ft', /November 24/);
      const install = page.getByRole('group', { name: 'Installation date' });
      await expect(install.getByText('Selected: Tuesday, November 24, 2026')).toBeVisible();
      // Each calendar's month navigation is its own landmark, named after its calendar.
      await expect(page.getByRole('navigation', { name: 'Installation date months' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Removal date months' })).toBeVisible();
      await expectNoViolations(page, { calendar: true });
    });

    test('consultation calendar', async ({ page }) => {
      await page.goto('/consultation');
      const calendar = page.getByRole('group', { name: 'Consultation date' });
      await calendar.getByRole('button', { name: /November 25/ }).click();
      await expect(calendar.getByText('Selected: Wednesday, November 25, 2026')).toBeVisible();
      await expectNoViolations(page, { calendar: true });
    });

    test('open portfolio dialog', async ({ page }) => {
      await page.goto('/portfolio');
      await page.getByRole('button', { name: /Candy Cane Lane/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
