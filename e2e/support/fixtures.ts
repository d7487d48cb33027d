/**
 * Playwright's `test` with a `page` whose `goto` waits until the app has taken over the page.
 * Content pages are prerendered (scripts/build/prerender.mjs): they paint before the JavaScript runs,
 * and a click on the static markup would do nothing.
 */
import { test as base, type Page } from '@playwright/test';
import { fromOwnAddress } from './admin';

export { expect } from '@playwright/test';

/** Waits for the app to mount (SiteLayout sets html[data-app-ready]). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}

export const test = base.extend({
  // Each test's requests come from an address of its own, so its page views and sign-ins are
  // not counted against what earlier tests used of 127.0.0.1's per-IP limits.
  context: async ({ context }, use) => {
    await fromOwnAddress(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});
