// @ts-check
/**
 * Where a page's start goes, for the admin benches (bench:admin, bench:offline): the moments
 * (ms since navigation start, the page's own clock) at which given texts first appeared, when
 * the document and the last script arrived, and the scripts in order of arrival. Printed next
 * to a bench's figure, so a slow start shows what it waited for instead of being guessed at.
 */

/**
 * Watches the page from its first script on: records when each of `texts` first appears in
 * the document. Call before the navigation to measure.
 * @param {import('@playwright/test').Page | import('@playwright/test').BrowserContext} target
 * @param {string[]} texts
 */
export async function watchTexts(target, texts) {
  await target.addInitScript((wanted) => {
    /** @type {Record<string, number>} */
    const seen = {};
    Object.defineProperty(window, '__benchSeen', { value: seen });
    const check = () => {
      const text = document.body?.innerText ?? '';
      for (const t of wanted) if (!(t in seen) && text.includes(t)) seen[t] = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, texts);
}

/**
 * The page's timeline after the watched texts showed: `{ seen: { text: ms }, document: ms,
 * scripts: [{ name, end }], marks: ['name ms'] }` (ms since navigation start; `document` is when
 * its response ended; marks are the app's own performance.mark calls, if any).
 * @param {import('@playwright/test').Page} page
 */
export async function readTimeline(page) {
  return page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    const scripts = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
      .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
      .map((r) => ({ name: r.name.replace(/^.*\//, ''), end: Math.round(r.responseEnd) }))
      .sort((a, b) => a.end - b.end);
    return {
      seen: Object.fromEntries(Object.entries(/** @type {any} */ (window).__benchSeen ?? {}).map(([k, v]) => [k, Math.round(Number(v))])),
      document: Math.round(nav?.responseEnd ?? 0),
      scripts,
      // The first of each name: the app marks its start (admin:dashboard-module, admin:schedule-read…).
      marks: performance
        .getEntriesByType('mark')
        .filter((m, i, all) => all.findIndex((o) => o.name === m.name) === i)
        .map((m) => `${m.name} ${Math.round(m.startTime)}`),
    };
  });
}

/**
 * One line per timeline: document, last script, then each watched text in order, with the number
 * of scripts that had arrived by then.
 * @param {Awaited<ReturnType<typeof readTimeline>>} t
 */
export function formatTimeline(t) {
  const last = t.scripts.at(-1);
  const seen = Object.entries(t.seen)
    .sort((a, b) => a[1] - b[1])
    .map(([text, at]) => `'${text}' ${at} ms (${t.scripts.filter((s) => s.end <= at).length} scripts by then)`);
  const marks = t.marks.length ? ` [marks: ${t.marks.join(', ')}]` : '';
  return [`document ${t.document} ms`, last ? `last script ${last.end} ms (${last.name}, ${t.scripts.length} scripts)` : 'no scripts', ...seen].join(' → ') + marks;
}
