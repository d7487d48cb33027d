#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:admin`: the admin back office under a season's worth of data (docs/decisions/015).
 * Builds the app, starts the real PocketBase server on a temp dir and port, seeds 2,000
 * bookings (superuser batch API) and 50,000 analytics events (superuser SQL), and prints:
 * - GET /api/fn/insights as a signed-in admin: the first call, which tallies every event, and
 *   p50 / p95 of the calls after it, each made after one more page view was recorded
 *   (target p95 ≤ 50 ms);
 * - the time of a full pull of `bookings` by (updated_at, id) in pages of 500 over the API, as
 *   the admin's mirror asks for it (the network and server part);
 * - when the built app has the admin dashboard and Chromium is installed, over --visits visits
 *   each on a new device, p50 / p95 of: the first full pull into Dexie (dashboard opened until
 *   the mirror holds everything; target ≤ 2 s), the time from opening /admin/dashboard (signed
 *   in) to the owner's day on screen (its visits with 'Directions for the day',
 *   docs/decisions/031) with the data on the device (target ≤ 500 ms), and the same on a first
 *   visit, shown from the first look while the pull goes on (docs/decisions/044; target ≤ 1 s); by the page's own clock from the
 *   navigation's start, with the timeline of the last visit (scripts, the app's marks);
 *   and, offline, the time from tapping 'Record payment' to 'Queued' on screen (target ≤ 100 ms).
 * Figures only, no asserts: timings vary with machine load. Not part of `npm test`.
 *
 * Options: --skip-build (use the current build), --runs=N insights calls (default 200),
 * --bookings=N (default 2000), --events=N (default 50000), --visits=N (default 5), --slow
 * (Chromium's CPU slowed by 4 x (the host's benchmark index / 1,300), bench/host-speed.ts, so
 * any host stands in for the phone of index 1,300 the targets are set for; the index and the
 * rate are printed).
 * CHROME_PATH overrides /usr/bin/chromium.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../lib/run.mjs';
import { storeAdminSession } from '../lib/admin-page.mjs';
import { formatTimeline, readTimeline, watchTexts } from './page-timeline.mjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { benchAdmin, seasonServer } from './bench-server.mjs';
import { benchArgs, benchNumbers, quantile } from './bench-figures.mjs';
import { loadHostSpeed } from './host-speed.mjs';

/** @typedef {import('pocketbase').default} PocketBase */

const args = benchArgs();
const { runs: RUNS, bookings: BOOKINGS, events: EVENTS, visits: VISITS } = benchNumbers(args, { runs: 200, bookings: 2000, events: 50000, visits: 5 });
const PAGE = 500;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SLOW = args.get('--slow') === 'true';

/**
 * SQL that inserts `count` analytics events in one statement (PocketBase's superuser
 * /api/sql): a record API insert runs the analytics hook per event, which the batch API makes
 * slow, and the bench measures reading, not writing. Deterministic mix: about 1 % conversions,
 * 3.3 page views per session, seven traffic sources, five countries and Unknown, three devices.
 * @param {number} count
 */
function eventsSql(count) {
  const caseOf = (/** @type {string} */ expr, /** @type {string[]} */ values) => `CASE ${expr} ${values.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
  return `INSERT INTO analytics_events (id, event_type, page_path, referrer, utm_source, utm_medium, utm_campaign, location_country, device_type, browser, session_id, user_agent, converted, metadata, created_at, updated_at)
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${count})
SELECT substr(lower(hex(randomblob(8))), 1, 15),
  CASE WHEN i % 100 = 0 THEN 'conversion' ELSE 'page_view' END,
  CASE WHEN i % 100 = 0 THEN '/booking/success' ELSE ${caseOf('i % 6', ['/', '/services', '/booking', '/portfolio', '/faq', '/about'])} END,
  ${caseOf('i % 7', ['', '', '', 'https://www.instagram.com/', 'https://www.google.com/search?q=christmas+tree+decorating', '', 'https://www.bing.com/'])},
  ${caseOf('i % 7', ['', 'qr', 'facebook', '', '', 'google', ''])},
  '', '',
  ${caseOf('i % 8', ['US', 'US', 'US', 'US', 'CA', 'GB', '', ''])},
  ${caseOf('i % 6', ['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'])},
  ${caseOf('i % 4', ['Chrome', 'Safari', 'Firefox', 'Edge'])},
  'bench-session-' || (i * 10 / 33),
  'BenchBrowser/1.0',
  i % 100 = 0,
  '{}',
  strftime('%Y-%m-%d %H:%M:%fZ', 'now'),
  strftime('%Y-%m-%d %H:%M:%fZ', 'now')
FROM seq`;
}

/**
 * Times GET /api/fn/insights: the first call (which tallies every event), then RUNS calls each
 * after one more page view was recorded (as on a live site, every call has new events to add).
 * @param {string} url @param {string} token
 */
async function benchInsights(url, token) {
  const call = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/api/fn/insights`, { headers: { Authorization: token } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`insights answered ${res.status}`);
    return performance.now() - started;
  };
  let visit = 0;
  const pageView = () =>
    fetch(`${url}/api/collections/analytics_events/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event_type: 'page_view', page_path: '/services', session_id: `bench-live-${visit++ % 50}`, referrer: 'https://www.google.com/' }),
    }).then((res) => res.arrayBuffer());
  const first = await call();
  for (let i = 0; i < 10; i++) await call(); // warm the JSVM pool and SQLite's cache
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    await pageView();
    times.push(await call());
  }
  return { first, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/**
 * A full pull of bookings by (updated_at, id) > cursor, pages of PAGE, as the admin's mirror.
 * @param {PocketBase} admin
 */
async function benchPull(admin) {
  const started = performance.now();
  let cursor = { updatedAt: '', id: '' };
  let rows = 0;
  let pages = 0;
  for (;;) {
    const filter = cursor.updatedAt ? admin.filter('updated_at > {:u} || (updated_at = {:u} && id > {:id})', { u: cursor.updatedAt, id: cursor.id }) : '';
    const page = await admin.collection('bookings').getList(1, PAGE, { filter, sort: 'updated_at,id', skipTotal: true });
    pages++;
    rows += page.items.length;
    const last = page.items.at(-1);
    if (!last || page.items.length < PAGE) break;
    cursor = { updatedAt: last.updated_at, id: last.id };
  }
  return { ms: performance.now() - started, rows, pages };
}

/**
 * VISITS times, each on a new device (a fresh browser context: empty Dexie, no service worker):
 * opens /admin/dashboard signed in (the SDK's localStorage auth store) and waits for 'Schedule
 * for' and for the first pull into Dexie to finish (the app's `admin:synced` mark), then reloads
 * (the data now on the device) and waits for 'Directions for the day' again. Times are the page's own
 * clock from the navigation's start. Returns the lists and the timelines of the last visit, or
 * why it was not measured.
 * With `cpuRate` above 1 each page's CPU is slowed by it (bench/host-speed.ts throttleCpu).
 * @param {import('@playwright/test').Browser} browser @param {string} url @param {PocketBase} admin @param {number} cpuRate
 */
async function benchSchedule(browser, url, admin, cpuRate) {
  const { throttleCpu } = await loadHostSpeed();
  /** @type {{ first: number[], pull: number[], again: number[], firstTimeline: string, againTimeline: string }} */
  const out = { first: [], pull: [], again: [], firstTimeline: '', againTimeline: '' };
  const texts = ['Admin Dashboard', 'Loading the schedule', 'Directions for the day'];
  /** @type {number[]} */
  const queued = [];
  for (let i = 0; i < VISITS; i++) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      if (cpuRate > 1) await throttleCpu(page, cpuRate);
      await watchTexts(page, texts);
      await storeAdminSession(page, url, admin.authStore.token, admin.authStore.record);
      await page.goto(`${url}/admin/dashboard`);
      await page
        .getByText(/Directions for the day/)
        .first()
        .waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => performance.getEntriesByName('admin:synced').length > 0, undefined, { timeout: 60_000 });
      const first = await readTimeline(page);
      out.first.push(first.seen['Directions for the day'] ?? NaN);
      out.pull.push(await page.evaluate(() => performance.getEntriesByName('admin:synced')[0]?.startTime ?? NaN));
      // The owner's usual case: the bookings are already on the phone (Dexie).
      await page.reload();
      await page
        .getByText(/Directions for the day/)
        .first()
        .waitFor({ timeout: 30_000 });
      const again = await readTimeline(page);
      out.again.push(again.seen['Directions for the day'] ?? NaN);
      out.firstTimeline = formatTimeline(first);
      out.againTimeline = formatTimeline(again);
      queued.push(await paymentToQueued(page, context));
    } finally {
      await context.close();
    }
  }
  return { ...out, queued };
}

/**
 * Offline, on the day's first visit with a balance due: opens it, taps 'Record a payment' and times, by the page's
 * clock, the tap on 'Record payment' (cash, the balance) until 'Queued' shows in its payments.
 * @param {import('@playwright/test').Page} page @param {import('@playwright/test').BrowserContext} context
 */
async function paymentToQueued(page, context) {
  // A visit with a balance to collect (a consultation's card has none).
  await page.locator('.today-visit', { hasText: / due/ }).locator('.today-visit__name').first().click();
  const payments = page.getByRole('dialog', { name: /Booking Details/ }).getByRole('group', { name: 'Payments at the door' });
  await context.setOffline(true);
  try {
    await payments.getByRole('button', { name: 'Record a payment' }).click();
    const button = payments.getByRole('form', { name: 'Record a payment' }).getByRole('button', { name: 'Record payment' });
    await button.evaluate((b) => {
      /** @type {any} */ (window).benchQueued = new Promise((resolve) => {
        b.addEventListener(
          'click',
          () => {
            const t0 = performance.now();
            const shown = () => (document.querySelector('[aria-label="Payments recorded"]')?.textContent ?? '').includes('Queued');
            const watch = new MutationObserver(() => {
              if (!shown()) return;
              watch.disconnect();
              resolve(performance.now() - t0);
            });
            watch.observe(document.body, { subtree: true, childList: true, characterData: true });
          },
          { capture: true, once: true },
        );
      });
    });
    await button.click();
    return await page.evaluate(() => /** @type {any} */ (window).benchQueued);
  } finally {
    await context.setOffline(false);
  }
}

/**
 * --slow: the host's benchmark index, measured in a blank page of `browser`, and the CPU
 * throttling rate that stands this host in for the reference phone (bench/host-speed.ts).
 * @param {import('@playwright/test').Browser} browser
 */
async function slowRate(browser) {
  const { benchmarkIndexIn, slowdownFor, REFERENCE_INDEX, REFERENCE_SLOWDOWN } = await loadHostSpeed();
  const page = await browser.newPage();
  try {
    const index = await benchmarkIndexIn(page);
    const rate = slowdownFor(index);
    return { rate, note: `host benchmark index ${Math.round(index)}: CPU slowed ${rate.toFixed(2)} x (${REFERENCE_SLOWDOWN} x ${Math.round(index)} / ${REFERENCE_INDEX})` };
  } finally {
    await page.close();
  }
}

/**
 * benchSchedule in Chromium when the built app has the admin schedule and Chromium is there;
 * else why not. @param {string} url @param {PocketBase} admin
 */
async function scheduleIfPossible(url, admin) {
  const assets = path.join(ROOT, 'web', 'dist', 'assets');
  const hasSchedule = existsSync(assets) && readdirSync(assets).some((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('Directions for the day'));
  if (!hasSchedule) return 'not measured: the built app has no admin schedule yet';
  if (!existsSync(CHROMIUM)) return `not measured: no Chromium at ${CHROMIUM}`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const cpu = SLOW ? await slowRate(browser) : { rate: 1, note: 'CPU not slowed (--slow slows it to the reference phone)' };
    return { ...(await benchSchedule(browser, url, admin, cpu.rate)), cpu: cpu.note };
  } catch (err) {
    return `not measured: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  } finally {
    await browser.close();
  }
}

async function main() {
  const server = await seasonServer({ name: 'admin', bookings: BOOKINGS, skipBuild: args.get('--skip-build') === 'true' });
  try {
    console.log(`Seeding ${EVENTS} analytics events…`);
    const started = performance.now();
    await server.su.send('/api/sql', { method: 'POST', body: { query: eventsSql(EVENTS) } });
    console.log(`  seeded ${EVENTS} analytics_events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const admin = await benchAdmin(server.url, server.su);

    const insights = await benchInsights(server.url, admin.authStore.token);
    const pull = await benchPull(admin);
    const schedule = await scheduleIfPossible(server.url, admin);

    const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;
    console.log('');
    console.log(`GET /api/fn/insights, first call (tallies all ${EVENTS} events): ${ms(insights.first)}`);
    console.log(`GET /api/fn/insights (${RUNS} calls, a new page view before each): p50 ${ms(insights.p50)}, p95 ${ms(insights.p95)} (target p95 ≤ 50 ms)`);
    console.log(`Full pull of bookings over the API by (updated_at, id), pages of ${PAGE}: ${ms(pull.ms)} for ${pull.rows} rows in ${pull.pages} pages`);
    if (typeof schedule === 'string') {
      console.log(`In the browser: ${schedule}`);
    } else {
      const p = (/** @type {number[]} */ v) => `p50 ${ms(quantile(v, 0.5))}, p95 ${ms(quantile(v, 0.95))}`;
      console.log(`In Chromium at 375 px, ${VISITS} visits each on a new device, by the page's clock from the navigation's start; ${schedule.cpu}:`);
      console.log(`  first full pull into Dexie (${BOOKINGS} bookings), dashboard opened until stored: ${p(schedule.pull)} (target ≤ 2000 ms)`);
      console.log(`  dashboard opened to the day's visits on screen, the data on the device: ${p(schedule.again)} (target ≤ 500 ms)`);
      console.log(`  the same on a first visit (the day from the first look, docs/decisions/044): ${p(schedule.first)} (target ≤ 1000 ms)`);
      console.log(`  offline, 'Record payment' tapped to 'Queued' on screen: ${p(schedule.queued)} (target ≤ 100 ms)`);
      console.log(`  last first visit: ${schedule.firstTimeline}`);
      console.log(`  last reopening: ${schedule.againTimeline}`);
    }
  } finally {
    await server.stop();
  }
}

await main();
