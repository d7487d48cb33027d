#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:screens`: how long six customer screens take to be usable, in Debian's
 * Chromium against the real server (scripts/bench/bench-server.mjs: its clock frozen on
 * 2026-11-20, --bookings made-up bookings of the season, demo payments, its e-mail sent to a
 * local SMTP sink), each run in a new browser context at 375 px (nothing cached, as a link
 * opened from an e-mail):
 *
 * - renewal: /booking?renewal=<token> until it asks for the customer's e-mail (the contact is
 *   masked until then, docs/decisions/058), plus the e-mail sent until the filled wizard shows
 *   'Review your booking' with its deposit (the typing left out);
 * - manage: /my-booking?token=<token> until the booking shows ('Booking reference');
 * - pay: 'Pay $… online' tapped until the demo payment page shows the amount;
 * - consultation: /consultation until its calendar shows (not 'Loading the calendar…');
 * - move: 'Move the installation' tapped on a picked date and slot until 'has moved' shows;
 * - offer: /waitlist/offer?token=<token> (a time freed up for a waitlist entry) until 'Book it'
 *   and the offer's price show.
 *
 * A page's figure is by its own clock from the navigation's start; a tap's is from the tap to
 * the text, by the browser's epoch clock (across the navigation to the payment page). Prints
 * the median and slowest of --runs runs per screen (target: each under 1 s on a quiet
 * machine, docs/benchmarks.md), then the request timeline of the median run: each request's
 * start and end (ms from the start), what it fetched and its size, so a waterfall shows.
 * For a page opened (renewal, manage, consultation, offer) it also prints how long the page's main
 * thread was busy until then (Chromium's TaskDuration), to tell its own work from waiting.
 * Figures only, no asserts: they vary with the machine's load (printed first). Not part of
 * `npm test`.
 *
 * Options: --skip-build (use the current build), --runs=N (default 5), --bookings=N (default
 * 30: the season has few work days to move to), --screens=manage,pay (default all six),
 * --root=DIR (serve another build: a directory with its own pb_hooks, pb_migrations and
 * web/dist, e.g. a `git worktree` of an earlier commit after its `npm run build`, to print
 * before and after figures on one machine), --smtp-delay=MS
 * (hold each SMTP greeting MS, as a distant mail provider; default 0, the local sink), --block-sw
 * (no service worker).
 * CHROME_PATH overrides /usr/bin/chromium.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { EXAMPLE_CHOICES, PAID_DEPOSIT } from '../lib/example-booking.mjs';
import { soldSeasonRecord } from '../../tests/support/seasons.mjs';
import { seasonServer } from './bench-server.mjs';
import { benchArgs, benchNumbers, datesBetween, median } from './bench-figures.mjs';

const args = benchArgs();
const { runs: RUNS, bookings: BOOKINGS } = benchNumbers(args, { runs: 5, bookings: 30 });
const ALL = ['renewal', 'manage', 'pay', 'consultation', 'move', 'offer'];
const SCREENS = (args.get('--screens') ?? ALL.join(',')).split(',');
const ROOT_DIR = args.get('--root') ? path.resolve(/** @type {string} */ (args.get('--root'))) : undefined;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** No service worker (its precache of the whole app follows every first visit): to see what it costs a screen. */
const BLOCK_SW = args.get('--block-sw') === 'true';
const TARGET_MS = 1000;
/** Each SMTP connection's greeting held this long (ms): a mail provider farther away than the local sink. */
const SMTP_DELAY_MS = Number(args.get('--smtp-delay') ?? 0);
/** The staged bookings' size (the example booking's: Elevated Arbor, 7.5–9 ft). */
const SIZE = EXAMPLE_CHOICES.tree_size;

/** The returning customer's e-mail, typed on the renewal link (docs/decisions/058). */
const RENEWAL_EMAIL = 'rosa.return@example.com';

/** @typedef {{ name: string, selector?: string, text?: string }} Ready what makes a screen usable */
/** @type {Record<string, Ready>} */
const READY = {
  renewalAsk: { name: 'renewalAsk', selector: '#renewal-email' },
  renewal: { name: 'renewal', selector: '[data-testid="deposit"]', text: 'Review your booking' },
  manage: { name: 'manage', text: 'Booking reference' },
  pay: { name: 'pay', selector: '[data-testid="charge-amount"]' },
  // The calendar itself: the placeholder holding its place has no role.
  consultation: { name: 'consultation', selector: '.date-field[role="group"]' },
  move: { name: 'move', text: 'has moved' },
  offer: { name: 'offer', selector: '[data-testid="offer-price"]', text: 'Book it' },
};

/** A manage link of known token for booking `id` (only its SHA-256 is stored, as the server makes them). */
async function manageLink(/** @type {import('pocketbase').default} */ su, /** @type {string} */ id) {
  const token = randomBytes(32).toString('base64url');
  await su.collection('booking_links').create({ booking: id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2030-01-01 00:00:00.000Z' });
  return token;
}

/**
 * The days of `span` with a slot free for a SIZE visit of `kind`, each with its first free slot,
 * from the server's own availability route (a removal's for the installation on `installDate`).
 * @param {string} url @param {{ start: string, end: string }} span @param {'install' | 'removal'} kind @param {string} [installDate]
 */
async function freeDays(url, span, kind, installDate) {
  /** @type {{ date: string, slot: string }[]} */
  const days = [];
  for (const date of datesBetween(span.start, span.end)) {
    const res = await fetch(`${url}/api/fn/availability?${new URLSearchParams({ date, size: SIZE, kind, ...(installDate ? { installDate } : {}) })}`);
    const body = /** @type {{ bookable?: boolean, slots?: { id: string, available: boolean }[] }} */ (await res.json());
    const slot = body.bookable ? body.slots?.find((s) => s.available)?.id : undefined;
    if (slot) days.push({ date, slot });
  }
  return days;
}

/**
 * What the runs need: the 2026 season stored as a record with renewals open (the sold season's
 * windows), a 2025 customer with a renewal row of known token proposing a free day, and per
 * run a deposit-paid booking with a manage link on a free day and another free day to move it
 * to. @param {string} url @param {import('pocketbase').default} su
 */
async function stage(url, su) {
  const sold = /** @type {import('../../tests/support/seasons.mjs').SoldSeason} */ (await (await fetch(`${url}/api/fn/season`)).json());
  const s = sold.season;
  await su.collection('seasons').create(soldSeasonRecord(sold, { renewals_open: '2026-11-01' }));
  // Days at least a week away (the move rules' notice), each used once.
  const free = (await freeDays(url, s.install, 'install')).filter((d) => d.date >= '2026-11-28');
  if (free.length < 3 * RUNS + 1) throw new Error(`Only ${free.length} free install days for ${RUNS} runs: use fewer --bookings or --runs`);
  const removals = await freeDays(url, s.removal, 'removal', s.install.end);
  const removal = removals.pop();
  if (!removal || removals.length < RUNS) throw new Error(`Only ${removals.length + 1} free removal days for ${RUNS} runs: use fewer --bookings or --runs`);
  const last = await su.collection('bookings').create({
    customer_name: 'Rosa Return',
    customer_email: 'rosa.return@example.com',
    customer_phone: '(410) 555-0199',
    customer_address: '12 Evergreen Lane, Ellicott City, MD 21043',
    ...EXAMPLE_CHOICES,
    ...PAID_DEPOSIT,
    install_date: '2025-12-09',
    removal_date: '2026-01-12',
    status: 'completed',
    payment_status: 'paid',
    balance_remaining: 0,
    payment_mode: 'demo',
    deposit_paid_at: '2025-11-01 15:00:00.000Z',
  });
  const renewal = randomBytes(32).toString('base64url');
  const proposed = /** @type {{ date: string, slot: string }} */ (free.pop());
  await su.collection('renewals').create({
    email_key: RENEWAL_EMAIL,
    season: s.year,
    booking: last.id,
    proposed_install_date: proposed.date,
    proposed_install_slot: proposed.slot,
    proposed_removal_date: removal.date,
    proposed_removal_slot: removal.slot,
    token_hash: createHash('sha256').update(renewal).digest('hex'),
  });
  const bookings = [];
  for (let i = 0; i < RUNS; i++) {
    const install = /** @type {{ date: string, slot: string }} */ (free.shift());
    const moveTo = /** @type {{ date: string, slot: string }} */ (free.pop());
    const takenDown = /** @type {{ date: string, slot: string }} */ (removals.shift());
    const b = await su.collection('bookings').create({
      customer_name: `Screen Bench ${i}`,
      customer_email: `screens-${i}@example.com`,
      customer_phone: '(410) 555-0142',
      customer_address: '7 Holly Court, Columbia, MD 21044',
      ...EXAMPLE_CHOICES,
      ...PAID_DEPOSIT,
      install_date: install.date,
      install_time_slot: install.slot,
      removal_date: takenDown.date,
      removal_time_slot: takenDown.slot,
      payment_mode: 'demo',
      // Paid this morning: inside the 72 hours in which the installation may be moved online.
      deposit_paid_at: '2026-11-20 14:00:00.000Z',
    });
    bookings.push({ token: await manageLink(su, b.id), moveTo });
  }
  // Per run a waitlist entry offered a time on a free day, held past the server's frozen clock.
  const offers = [];
  for (let i = 0; i < RUNS; i++) {
    const day = /** @type {{ date: string, slot: string }} */ (free.pop());
    const entry = await su.collection('waitlist_entries').create({
      email_key: `offer-${i}@example.com`,
      name: `Offer Bench ${i}`,
      email: `offer-${i}@example.com`,
      phone: '(410) 555-0142',
      date: day.date,
      kind: 'install',
      tree_size: SIZE,
      package_type: EXAMPLE_CHOICES.package_type,
      choices: { package: EXAMPLE_CHOICES.package_type, size: SIZE },
      joined_at: 1,
      status: 'offered',
    });
    const token = randomBytes(32).toString('base64url');
    await su.collection('waitlist_offers').create({
      entry: entry.id,
      date: day.date,
      kind: 'install',
      time_slot: day.slot,
      tree_size: SIZE,
      offered_at: '2026-11-20 14:00:00.000Z',
      expires_at: '2026-11-21 02:00:00.000Z',
      status: 'open',
      token_hash: createHash('sha256').update(token).digest('hex'),
      by: 'owner',
    });
    offers.push(token);
  }
  return { renewal, bookings, offers };
}

/**
 * Records, from the page's first script on, the epoch time (ms) at which each of `readies`
 * first holds (its selector present and its text in the page).
 * @param {import('@playwright/test').BrowserContext} context @param {Ready[]} readies
 */
async function watchReady(context, readies) {
  await context.addInitScript((wanted) => {
    /** @type {Record<string, number>} */
    const seen = {};
    Object.defineProperty(window, '__benchReady', { value: seen });
    const check = () => {
      const text = document.body?.innerText ?? '';
      for (const r of wanted)
        if (!(r.name in seen) && (!r.selector || document.querySelector(r.selector)) && (!r.text || text.includes(r.text))) seen[r.name] = performance.timeOrigin + performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, readies);
}

/** The epoch time `name` was ready at on `page`, waiting for it. @param {import('@playwright/test').Page} page @param {string} name */
async function readyAt(page, name) {
  if (process.env.BENCH_DEBUG)
    setTimeout(
      () =>
        void page
          .evaluate(() => document.body.innerText)
          .then((t) => console.log(name, t.slice(0, 1500)))
          .catch(() => undefined),
      8000,
    );
  const handle = await page.waitForFunction((n) => /** @type {any} */ (window).__benchReady?.[n], name, { timeout: 30_000 });
  return Number(await handle.jsonValue());
}

/** The page's epoch clock now. @param {import('@playwright/test').Page} page */
const pageNow = (page) => page.evaluate(() => performance.timeOrigin + performance.now());
/** When the page's navigation started, by the epoch clock. @param {import('@playwright/test').Page} page */
const navStart = (page) => page.evaluate(() => performance.timeOrigin);

/**
 * Every request of `context` with its epoch start and end and its size, for the timeline.
 * @param {import('@playwright/test').BrowserContext} context
 */
function recordRequests(context) {
  /** @type {{ url: string, start: number, end: number, bytes: number }[]} */
  const list = [];
  context.on('requestfinished', (req) => {
    const t = req.timing();
    const entry = { url: req.url(), start: t.startTime, end: t.startTime + t.responseEnd, bytes: NaN };
    list.push(entry);
    void req
      .sizes()
      .then((s) => (entry.bytes = s.responseBodySize))
      .catch(() => undefined);
  });
  return list;
}

/** The requests between epoch `from` and `to`, as timeline lines. @param {ReturnType<typeof recordRequests>} list @param {number} from @param {number} to */
function timeline(list, from, to) {
  return list
    .filter((r) => r.end >= from && r.start <= to + 5)
    .sort((a, b) => a.start - b.start)
    .map((r) => {
      const u = new URL(r.url);
      const what = `${u.pathname}${u.search.replace(/token=[^&]+/, 'token=…').replace(/renewal=[^&]+/, 'renewal=…')}`.slice(0, 90);
      return `    ${String(Math.round(r.start - from)).padStart(5)} → ${String(Math.round(r.end - from)).padStart(5)} ms  ${what.padEnd(90)} ${Number.isNaN(r.bytes) ? '' : `${(r.bytes / 1000).toFixed(1).padStart(6)} kB`}`;
    });
}

/** @typedef {{ ms: number, busy?: number, lines: string[] }} Figure `busy`: the page's main thread busy until then (ms) */

/**
 * The ms the page's main thread has spent running tasks since its navigation (Chromium's
 * TaskDuration): what of a page's time was its own work (scripts, hydration, layout) rather than
 * waiting. @param {import('@playwright/test').CDPSession} cdp
 */
async function mainThreadBusy(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN);
}

/**
 * A local SMTP server that takes every message (the server sends its e-mails there, as to a
 * provider), holding each connection's greeting SMTP_DELAY_MS.
 * @returns {Promise<{ port: number, received: () => number, stop: () => Promise<void> }>}
 */
async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => void setTimeout(() => callback(), SMTP_DELAY_MS),
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received: () => received, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

async function main() {
  const loads = os.loadavg().map((l) => l.toFixed(2));
  console.log(`Load average before the build: ${loads.join(' ')} (${os.cpus().length} cores)`);
  const smtp = await smtpSink();
  const { url, su, stop } = await seasonServer({
    name: 'screens',
    bookings: BOOKINGS,
    skipBuild: args.get('--skip-build') === 'true' || !!ROOT_DIR,
    root: ROOT_DIR,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'] });
  /** @type {Record<string, Figure[]>} */
  const figures = Object.fromEntries(SCREENS.map((s) => [s, []]));
  try {
    const staged = await stage(url, su);
    console.log(
      `Load average before the runs: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const fresh = async () => {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, ...(BLOCK_SW ? { serviceWorkers: /** @type {const} */ ('block') } : {}) });
      await watchReady(context, Object.values(READY));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      return { context, requests: recordRequests(context), page, cdp };
    };
    for (let run = 0; run < RUNS; run++) {
      if (SCREENS.includes('renewal')) {
        const { context, requests, page, cdp } = await fresh();
        await page.goto(`${url}/booking?renewal=${staged.renewal}`);
        const [from, asked] = [await navStart(page), await readyAt(page, 'renewalAsk')];
        await page.locator('#renewal-email').fill(RENEWAL_EMAIL);
        const sent = await pageNow(page);
        await page.locator('#renewal-email').press('Enter');
        const at = await readyAt(page, 'renewal');
        figures.renewal?.push({ ms: asked - from + (at - sent), busy: await mainThreadBusy(cdp), lines: timeline(requests, from, at) });
        await context.close();
      }
      if (SCREENS.includes('consultation')) {
        const { context, requests, page, cdp } = await fresh();
        await page.goto(`${url}/consultation`);
        const [from, at] = [await navStart(page), await readyAt(page, 'consultation')];
        figures.consultation?.push({ ms: at - from, busy: await mainThreadBusy(cdp), lines: timeline(requests, from, at) });
        await context.close();
      }
      if (SCREENS.includes('offer')) {
        const { context, requests, page, cdp } = await fresh();
        await page.goto(`${url}/waitlist/offer?token=${staged.offers[run]}`);
        const [from, at] = [await navStart(page), await readyAt(page, 'offer')];
        figures.offer?.push({ ms: at - from, busy: await mainThreadBusy(cdp), lines: timeline(requests, from, at) });
        await context.close();
      }
      if (!SCREENS.some((s) => s === 'manage' || s === 'pay' || s === 'move')) continue;
      const b = /** @type {{ token: string, moveTo: { date: string, slot: string } }} */ (staged.bookings[run]);
      const { context, requests, page, cdp } = await fresh();
      await page.goto(`${url}/my-booking?token=${b.token}`);
      const [from, at] = [await navStart(page), await readyAt(page, 'manage')];
      figures.manage?.push({ ms: at - from, busy: await mainThreadBusy(cdp), lines: timeline(requests, from, at) });
      if (SCREENS.includes('move')) {
        await page.getByRole('region', { name: 'Visits' }).getByRole('button', { name: 'Move the installation' }).click();
        const form = page.getByRole('form', { name: 'Move the installation' });
        const day = new Date(`${b.moveTo.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
        const button = form.getByRole('button', { name: new RegExp(`^(Today, )?${day}`) });
        for (let i = 0; i < 14 && !(await button.isVisible()); i++) await form.getByRole('button', { name: /next month/i }).click();
        await button.click();
        await form.locator(`input[type="radio"][value="${b.moveTo.slot}"]`).check();
        const tap = await pageNow(page);
        await form.getByRole('button', { name: 'Move the installation' }).click();
        const moved = await readyAt(page, 'move');
        figures.move?.push({ ms: moved - tap, lines: timeline(requests, tap, moved) });
      }
      if (SCREENS.includes('pay')) {
        const tap = await pageNow(page);
        await page
          .getByRole('region', { name: 'Payment' })
          .getByRole('button', { name: /online$/ })
          .click();
        await page.waitForURL(/\/demo-payment\?/);
        const paid = await readyAt(page, 'pay');
        figures.pay?.push({ ms: paid - tap, lines: timeline(requests, tap, paid) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stop();
    await smtp.stop();
  }
  console.log(`\nE-mails the server sent: ${smtp.received()} (each SMTP greeting held ${SMTP_DELAY_MS} ms)`);

  console.log(
    `\nLoad average after the runs: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n${RUNS} run(s) per screen, ms until usable (target ${TARGET_MS} ms on a quiet machine):\n`);
  console.table(
    SCREENS.map((s) => {
      const ms = (figures[s] ?? []).map((f) => f.ms);
      const busy = (figures[s] ?? []).map((f) => f.busy ?? NaN);
      return {
        screen: s,
        median: Math.round(median(ms)),
        slowest: Math.round(Math.max(...ms)),
        'main thread busy, median': Number.isNaN(median(busy)) ? '' : Math.round(median(busy)),
        runs: ms.map((m) => Math.round(m)).join(' '),
      };
    }),
  );
  for (const s of SCREENS) {
    const list = figures[s] ?? [];
    const mid = median(list.map((f) => f.ms));
    const run = list.find((f) => f.ms === mid);
    console.log(`${s} (median run, ${Math.round(mid)} ms), its requests (ms from the start → end):`);
    for (const line of run?.lines ?? []) console.log(line);
  }
}

await main();
