/**
 * The Content-Security-Policy (pb/headers.go, docs/decisions/014-production.md) breaks nothing:
 * every public route, and the booking flow with an uploaded image and the demo payment, run in
 * Chromium without a single `securitypolicyviolation` event (nor a CSP message in the console),
 * on every page the flow opens. A first test proves the recorder does see a violation.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { paths } from '../web/src/lib/paths';
import { fillContact } from './support/wizard';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Records every CSP violation in every page of the context, from before the page's own scripts. */
async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__cspViolation', (_source, v: Violation) => {
    violations.push(v);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        page: location.href,
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      });
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push({ page: msg.page()?.url() ?? '', directive: 'console', blocked: '', source: '', sample: msg.text() });
  });
  return violations;
}

const test = base.extend<{ violations: Violation[] }>({
  violations: async ({ context }, use) => {
    await use(await recordViolations(context));
  },
});

// The service worker's registration and its fetches fall under the policy too (worker-src,
// connect-src): allowed here, though the other specs block it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Opens a route and lets the app start on it (prerendered pages load it after the first frame). */
async function visit(page: Page, route: string) {
  const res = await page.goto(route, { waitUntil: 'networkidle' });
  expect(res?.headers()['content-security-policy'], route).toContain("script-src 'self'");
  await page.waitForFunction(() => document.querySelector('#root')?.childElementCount);
}

test('the recorder sees a violation (an inline script the policy refuses)', async ({ page, violations }) => {
  await visit(page, paths.faq);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
  });
  await expect.poll(() => violations.map((v) => v.directive)).toEqual(expect.arrayContaining(['script-src-elem', 'console']));
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

const ROUTES = [...Object.values(paths), '/no-such-page'];

test('every public route runs without a CSP violation', async ({ page, violations }) => {
  for (const route of ROUTES) await visit(page, route);
  // Client-side navigation too: the prerendered home, then the menu's pages in the running app.
  await visit(page, paths.home);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await page.getByRole('link', { name: 'Book Your Service' }).first().click();
  await page.waitForURL(/\/booking/);
  expect(violations).toEqual([]);
});

test('the booking flow, with an uploaded image and the demo payment, runs without a CSP violation', async ({ page, context, violations }) => {
  await visit(page, `${paths.booking}?package=elevated-arbor`);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await page.getByText('7.5–9 ft', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrades' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Inspiration images (optional)').setInputFiles({ name: 'csp-tree.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: 'Uploaded inspiration images' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Uploaded inspiration images' }).locator('img')).toHaveJSProperty('complete', true);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page
    .getByRole('group', { name: 'Installation date' })
    .getByRole('button', { name: /Saturday, November 28, 2026/ })
    .click();
  await page.getByText('Morning Install').click();
  await page
    .getByRole('group', { name: 'Removal date' })
    .getByRole('button', { name: /Wednesday, December 30, 2026/ })
    .click();
  await page.getByText('Morning Removal').click();
  await fillContact(page, { name: 'Carol Policy', email: `carol.${Date.now()}@example.com`, phone: '(410) 555-0177', address: '7 Holly Court, Ellicott City, MD 21043' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();

  const [payTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^Pay .* Deposit$/ }).click()]);
  await payTab.waitForURL(/\/demo-payment\?session_id=/);
  await expect(payTab.getByText('Demo payment – no card is charged')).toBeVisible();
  await payTab.getByRole('button', { name: /^Pay \$/ }).click();
  await payTab.waitForURL(/\/booking-success\?session_id=/);
  await expect(payTab.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await payTab.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
