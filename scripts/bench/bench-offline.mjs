#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:offline`: the offline-first admin (docs/decisions/016) in headless Chromium against the
 * real server, with a season's worth of bookings (2,000 by default) on the phone. Prints:
 * - the offline cold start: a new page opened with no network (service worker and Dexie only)
 *   until the schedule is usable ('Schedule for' shown), median and worst of --runs (target
 *   ≤ 500 ms), by the page's own clock from the navigation's start (what the owner waits for;
 *   Playwright's round trips to notice it come on top and are printed too), with the timeline
 *   of the fastest and slowest start (scripts, the app's marks, the texts shown);
 * - the flush: 50 notes queued offline, then the connection comes back; the time until the
 *   outbox is empty, each note applied once on the server (target ≤ 5 s);
 * - the realtime delay between two clients: a note added on one device until it shows on the
 *   other's open booking, median and worst of --runs (target ≤ 1 s), once both pages have
 *   settled (no long task and no request for half a second). A device that has just opened is
 *   still pulling: each pull starts 5 s behind its cursor (cursor.ts), and the bench seeds the
 *   whole season within a second, so every start here re-reads all of it; a note sent then
 *   measures that start, not realtime.
 * Figures only, no asserts: timings vary with machine load. Not part of `npm test`.
 *
 * Options: --skip-build (use the current build), --bookings=N (default 2000), --actions=N
 * (default 50), --runs=N (default 5). CHROME_PATH overrides /usr/bin/chromium.
 */
import { performance } from 'node:perf_hooks';
import { storeAdminSession } from '../lib/admin-page.mjs';
import { formatTimeline, readTimeline, watchTexts } from './page-timeline.mjs';
import { existsSync } from 'node:fs';
import { seasonBooking } from './bench-bookings.mjs';
import { benchAdmin, seasonServer } from './bench-server.mjs';
import { benchArgs, benchNumbers, median } from './bench-figures.mjs';

/** @typedef {import('pocketbase').default} PocketBase */

const args = benchArgs();
const { bookings: BOOKINGS, actions: ACTIONS, runs: RUNS } = benchNumbers(args, { bookings: 2000, actions: 50, runs: 5 });
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGET = 'Bench Target Customer';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').BrowserContext} BrowserContext */

const ms = (/** @type {number} */ v) => `${v.toFixed(0)} ms`;

/**
 * A context signed in as the admin, its dashboard open, the first pull done and the service
 * worker in control (so the app shell is cached).
 * @param {import('@playwright/test').Browser} browser @param {string} url @param {PocketBase} admin
 */
async function readyContext(browser, url, admin) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await storeAdminSession(page, url, admin.authStore.token, admin.authStore.record);
  await page.goto(`${url}/admin/dashboard?tab=schedule`);
  await page.getByText(/synced \d/).waitFor({ timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.getByText(/synced \d/).waitFor({ timeout: 60_000 });
  }
  return { context, page };
}

/** @param {Page} page */
async function openTarget(page) {
  await page.goto(page.url().replace(/\?.*$/, '?tab=bookings'));
  await page.getByRole('button', { name: TARGET, exact: true }).first().click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await details.waitFor();
  return details;
}

/** Offline cold starts: a new page each, no network. @param {BrowserContext} context @param {string} url */
async function benchColdStart(context, url) {
  await context.setOffline(true);
  const times = [];
  /** @type {number[]} */
  const shown = [];
  /** @type {string[]} */
  const timelines = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    await watchTexts(page, ['Admin Dashboard', 'Loading the schedule', 'Schedule for']);
    const started = performance.now();
    await page.goto(`${url}/admin/dashboard?tab=schedule`);
    await page.getByRole('heading', { name: /^Schedule for / }).waitFor({ timeout: 30_000 });
    times.push(performance.now() - started);
    const timeline = await readTimeline(page);
    shown.push(timeline.seen['Schedule for'] ?? NaN);
    timelines.push(formatTimeline(timeline));
    await page.close();
  }
  await context.setOffline(false);
  return { times, shown, timelines };
}

/**
 * ACTIONS notes queued offline on the target booking, then back online: the time until the
 * outbox is empty. @param {BrowserContext} context @param {Page} page @param {PocketBase} su @param {string} bookingId
 */
async function benchFlush(context, page, su, bookingId) {
  const details = await openTarget(page);
  await context.setOffline(true);
  for (let i = 0; i < ACTIONS; i++) {
    await details.getByLabel('Note', { exact: true }).fill(`Bench note ${i + 1}`);
    await details.getByRole('button', { name: 'Add note' }).click();
  }
  await page.waitForFunction((n) => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-waiting') === String(n), ACTIONS, { timeout: 30_000 });
  const started = performance.now();
  await context.setOffline(false);
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-waiting') === '0', undefined, { timeout: 120_000, polling: 20 });
  const took = performance.now() - started;
  const stored = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:b} && kind = "note"', { b: bookingId }) });
  return { took, stored: stored.length };
}

/**
 * Resolves once `page` has run no long task and finished no request for half a second (10 s at
 * most): its start-up pulls are done. @param {Page} page
 */
function settled(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const started = performance.now();
        let lastBusy = started;
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lastBusy = Math.max(lastBusy, e.startTime + e.duration);
        });
        observer.observe({ entryTypes: ['longtask', 'resource'] });
        const check = () => {
          const now = performance.now();
          if (now - lastBusy < 500 && now - started < 10_000) return void setTimeout(check, 100);
          observer.disconnect();
          resolve(undefined);
        };
        check();
      }),
  );
}

/**
 * A note added on one device until it shows on the other's open booking, both pages settled.
 * @param {Page} from @param {Page} to
 */
async function benchRealtime(from, to) {
  const a = await openTarget(from);
  const b = await openTarget(to);
  await Promise.all([settled(from), settled(to)]);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const text = `Realtime ${Date.now()}-${i}`;
    await a.getByLabel('Note', { exact: true }).fill(text);
    const started = performance.now();
    await a.getByRole('button', { name: 'Add note' }).click();
    await b.locator('.admin-onsite__event', { hasText: text }).waitFor({ timeout: 30_000 });
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}`);
  const server = await seasonServer({ name: 'offline', bookings: BOOKINGS, skipBuild: args.get('--skip-build') === 'true' });
  const { su } = server;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const target = await su.collection('bookings').create({
      ...seasonBooking(BOOKINGS),
      customer_name: TARGET,
      status: 'confirmed',
      payment_status: 'deposit_paid',
      install_date: '2026-11-24',
    });
    const admin = await benchAdmin(server.url, su);

    const phone = await readyContext(browser, server.url, admin);
    const { times: coldWall, shown: cold, timelines } = await benchColdStart(phone.context, server.url);
    const flush = await benchFlush(phone.context, phone.page, su, target.id);
    const laptop = await readyContext(browser, server.url, admin);
    const realtime = await benchRealtime(phone.page, laptop.page);

    console.log('');
    console.log(
      `Offline cold start to a usable schedule (${BOOKINGS + 1} bookings on the device, ${RUNS} runs), from the navigation's start by the page's clock: median ${ms(median(cold))}, worst ${ms(Math.max(...cold))} (target ≤ 500 ms); as the test driver saw it, with its own round trips: median ${ms(median(coldWall))}`,
    );
    const slowest = cold.indexOf(Math.max(...cold));
    console.log(`  fastest: ${timelines[cold.indexOf(Math.min(...cold))]}`);
    console.log(`  slowest: ${timelines[slowest]}`);
    console.log(`Flush of ${ACTIONS} queued notes after reconnect: ${ms(flush.took)}, ${flush.stored} stored on the server (target ≤ 5000 ms)`);
    console.log(`Realtime delay between two clients (${RUNS} notes): median ${ms(median(realtime))}, worst ${ms(Math.max(...realtime))} (target ≤ 1000 ms); in order: ${realtime.map(ms).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
