/**
 * The prerendered pages (scripts/build/prerender.mjs, docs/decisions/019) hydrate cleanly: each is
 * served as complete HTML rendered by React's server renderer at build time, and in Chromium
 * the app takes over that very markup, with no hydration mismatch (React reports one in the
 * console, or as an uncaught error, and then replaces the page with a client render) and no
 * page error. The prerendered elements must still be the ones in the document afterwards.
 */
import { type Page } from '@playwright/test';
import { paths } from '../web/src/lib/paths';
import { expect, test } from './support/fixtures';

// The service worker answers later navigations with the app shell (no prerendered markup, no
// hydration); every load here must come from the server, as a first visit does.
test.use({ serviceWorkers: 'block' });

/** Every prerendered route, with the heading its HTML holds. */
const PRERENDERED: { path: string; heading: RegExp }[] = [
  { path: paths.home, heading: /^Your holidays at home,\s*thoughtfully adorned\.$/ },
  { path: paths.services, heading: /^Services & Pricing$/ },
  { path: paths.booking, heading: /^Book Your Service$/ },
  { path: paths.consultation, heading: /^Request a Free Consultation$/ },
  { path: paths.portfolio, heading: /^Trees we have dressed$/ },
  { path: paths.testimonials, heading: /^Testimonials$/ },
  { path: paths.about, heading: /^A small studio with a love for the season$/ },
  { path: paths.faq, heading: /^Frequently asked questions$/ },
  { path: paths.policies, heading: /^Our policies$/ },
  { path: paths.termsPrivacy, heading: /^Terms & Privacy$/ },
];

/** What React logs about hydration (development wording, and production's error codes). */
const HYDRATION_MESSAGE = /hydrat|did not match|didn't match|recoverable|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;

/** Collects the page's errors: uncaught exceptions, and console errors and warnings. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || HYDRATION_MESSAGE.test(msg.text())) problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  return problems;
}

// Before any of the page's scripts: tag the prerendered heading and page so we can tell later
// whether React kept them (hydration) or threw them away (a client render after a mismatch).
async function tagPrerenderedElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const el of [document.querySelector('h1'), document.querySelector('#main > *')]) {
        if (el) (el as Element & { __prerendered?: boolean }).__prerendered = true;
      }
    });
  });
}

// One page walks every prerendered route (a step and soft checks each, so every failing route
// is reported), as a11y.spec.ts does: each load is still a full load from the server, with the
// scripts from the browser's cache as for a visitor going from page to page; one browser context
// instead of ten (docs/benchmarks.md "Where the suite's time goes").
test('every prerendered route is prerendered and hydrates without a mismatch', async ({ page }) => {
  test.setTimeout(PRERENDERED.length * 15_000);
  const problems = recordProblems(page);
  await tagPrerenderedElements(page);
  for (const { path, heading } of PRERENDERED) {
    await test.step(path, async () => {
      problems.length = 0;
      const response = await page.goto(path, { waitUntil: 'networkidle' });

      const html = (await response?.text()) ?? '';
      expect.soft(html, `${path}: the server answers with the prerendered page`).toMatch(/<div id="root" data-rendered-at="[^"]+"><a class="skip-link"/);
      await expect.soft(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      // The live parts have loaded and rendered by now (network idle after the app started).
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() =>
        [document.querySelector('h1'), document.querySelector('#main > *')].map((el) => (el as (Element & { __prerendered?: boolean }) | null)?.__prerendered === true),
      );
      expect.soft(problems, `${path}: no hydration mismatch nor page error`).toEqual([]);
      expect.soft(kept, `${path}: the prerendered heading and page are the elements React hydrated`).toEqual([true, true]);
    });
  }
});

test('a query the prerendered HTML did not have (testimonials filtered by rating) still hydrates cleanly', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto(`${paths.testimonials}?rating=5`, { waitUntil: 'networkidle' });
  await expect(page.getByLabel('Rating', { exact: true })).toHaveValue('5');
  expect(problems).toEqual([]);
});

// The wizard's store reads sessionStorage as it is created, before hydration; zustand hands
// React its initial state as the server snapshot, so the first render still matches step 1.
test('a booking saved in this browser session comes back over the prerendered first step', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto(paths.booking);
  await page.getByText('Elevated Arbor').click();
  await page.getByText('7.5–9 ft').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrades' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
  await expect(page.locator('.stepper [aria-current="step"]')).toContainText('Upgrades');
  expect(problems).toEqual([]);
});
