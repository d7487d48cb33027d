/**
 * The one accessibility check every spec runs (docs/decisions/006, 017): axe-core with the WCAG 2.0
 * A/AA and 2.1 AA rules plus `label-content-name-mismatch` (WCAG 2.5.3 Label in Name), which axe
 * ships as experimental and so runs only when enabled by name; and, for calendars, the stricter
 * reading of 2.5.3 that speech input needs.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * An AxeBuilder for `page` with the project's rules, and `extraRules` (axe rule ids outside the
 * WCAG tags, e.g. the best practice `landmark-unique`). A rule enabled in `rules` runs whatever
 * `runOnly` says (axe's ruleShouldRun), which is how the experimental rule joins the tags.
 * Set both in one `options` call: AxeBuilder#options replaces what withTags set before it.
 * The app's pages have no frames, so axe runs whole in the page (legacy mode) rather than
 * gathering partial results per frame and finishing them in a blank page of its own, a new
 * page and a second copy of axe for every check.
 */
export function axe(page: Page, extraRules: readonly string[] = []): AxeBuilder {
  const rules = Object.fromEntries(['label-content-name-mismatch', ...extraRules].map((id) => [id, { enabled: true }]));
  return new AxeBuilder({ page }).setLegacyMode().options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules });
}

/**
 * Calendar day buttons whose accessible name does not hold their visible text as a whole word,
 * as "name (visible text)". axe's label-content-name-mismatch only asks for a substring, so
 * "November 1st" passes for a button showing "1"; a speech user saying "click 1" is matched by
 * words, and "1st" is read as "first".
 */
async function dayButtonsWithoutTheirNumber(page: Page): Promise<string[]> {
  return page.locator('.rdp-day_button').evaluateAll((buttons) =>
    buttons.flatMap((b) => {
      const text = (b.textContent ?? '').trim();
      const name = b.getAttribute('aria-label') ?? '';
      return name.split(/[^\p{L}\p{N}]+/u).includes(text) ? [] : [`${name} (${text})`];
    }),
  );
}

interface CheckOptions {
  /** Prefixed to each reported violation (e.g. the admin tab). */
  context?: string;
  /** Selectors axe leaves out (e.g. toasts that come and go mid-scan). */
  exclude?: string[];
  /**
   * Require a calendar on the page, so the speech-input checks have day buttons to look at; and
   * check that its landmarks are named apart (`landmark-unique`: two calendars' month
   * navigations on one page, docs/decisions/017).
   */
  calendar?: boolean;
  /** Report violations as a soft failure, so a test checking many pages goes on to the next. */
  soft?: boolean;
}

/**
 * Checks the page at rest (after its running CSS animations and transitions end) and fails
 * with one line per violation and the elements it found; with `calendar`, also that day buttons
 * were there and each names its visible day number as a word.
 */
export async function expectNoViolations(page: Page, { context = '', exclude = [], calendar = false, soft = false }: CheckOptions = {}): Promise<void> {
  // A cancelled animation rejects `finished`; it is over all the same.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = axe(page, calendar ? ['landmark-unique'] : []);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const prefix = context ? `${context}: ` : '';
  const summary = results.violations.map((v) => `${prefix}${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  (soft ? expect.soft : expect)(summary, summary.join('\n')).toEqual([]);
  if (calendar) {
    const checked = results.passes.find((r) => r.id === 'label-content-name-mismatch')?.nodes.filter((n) => n.html.includes('rdp-day_button')) ?? [];
    expect(checked.length, `${prefix}axe saw no calendar day buttons`).toBeGreaterThan(0);
    const mismatched = await dayButtonsWithoutTheirNumber(page);
    expect(mismatched, `${prefix}day buttons whose name lacks their visible number as a word`).toEqual([]);
  }
}
