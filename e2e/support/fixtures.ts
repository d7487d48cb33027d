/**
 * Playwright's `test` with a `page` whose `goto` waits until the app has taken over the page.
 * Content pages are prerendered (scripts/build/prerender.mjs): they paint before the JavaScript runs,
 * and a click on the static markup would do nothing.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Waits for the app to mount (SiteLayout sets html[data-app-ready]). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}

export const test = base.extend({
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
