#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:checkout`: how fast the server answers checkouts right after a start and under
 * a burst (docs/decisions/040). Builds the app (unless --skip-build), makes its own data dir
 * (deleted after) with a year-long install window so there are enough free slots for one crew,
 * lists the free 5–7 ft install slots from the server's own availability route, adds a
 * throwaway collection anyone may create records in, then restarts the server (a fresh
 * process, today frozen at 2026-11-20, RATE_LIMITS=off, demo payments) and measures:
 *
 * - the first checkout after /api/health answers (cold);
 * - a burst of --burst (200) checkouts on distinct free slots, then one of --contested (20)
 *   slots × --racers (10) checkouts each, on the fresh process (cold), then both again on new
 *   slots (warm);
 * - the same burst size against PocketBase's bare record-create route on the throwaway
 *   collection, as a baseline: on another fresh process (cold), and after the warm checkouts.
 *
 * Prints p50/p95/max latency and requests per second of each burst, and the server's peak
 * memory. Checks every distinct checkout got 200, every contested slot exactly one 200 (the
 * rest 409) and exactly one stored booking holding it: exits 1 if not. Local only
 * (127.0.0.1), bounded (a fixed number of requests), stops by itself. Figures, no timing
 * asserts: they vary with the machine's load (printed first).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PocketBase from 'pocketbase';
import { burst, burstRun, summarize } from './load.mjs';
import { SEASON_NOW } from './bench-server.mjs';
import { benchArgs, benchNumbers, datesBetween } from './bench-figures.mjs';
import { buildAll } from '../build/build-steps.mjs';
import { startServer } from '../lib/server.mjs';

const args = benchArgs();
const { burst: BURST, contested: CONTESTED, racers: RACERS } = benchNumbers(args, { burst: 200, contested: 20, racers: 10 });
const SUPERUSER = { email: 'bench@bench.local', password: 'bench-superuser-password-1' };
const ENV = { APP_NOW: SEASON_NOW, RATE_LIMITS: 'off', STRIPE_SECRET_KEY: '' };
const SIZE = '5-7ft';
/** A year of install days (the longest window settings allow), removals after it. */
const SEASON = { install: { start: '2026-11-21', end: '2027-11-20' }, removal: { start: '2027-11-21', end: '2027-12-31' } };
const BARE_COLLECTION = 'bench_rows';
const CHECKOUT_PATH = '/api/fn/create-booking-checkout';
const TARGETS = { coldP95: 3000, warmP95: 1500, firstMs: 1000 };

/** @typedef {{ date: string, slot: string }} Visit */

/**
 * The body of one checkout: an Adorned Arrangement without removal, so a booking holds one
 * visit. @param {Visit} v @param {string} who
 */
function checkoutRequest(v, who) {
  return {
    method: /** @type {const} */ ('POST'),
    path: CHECKOUT_PATH,
    body: {
      bookingData: {
        customerName: `Bench ${who}`,
        customerEmail: `${who}@example.com`,
        customerPhone: '(410) 555-0100',
        customerAddress: '123 Main St, Ellicott City, MD 21043',
        packageType: 'adorned-arrangement',
        treeSize: SIZE,
        installDate: v.date,
        installTimeSlot: v.slot,
        removalDate: null,
        removalTimeSlot: null,
        selectedAddons: [],
      },
    },
  };
}

/** @param {string} url */
async function superuserClient(url) {
  const su = new PocketBase(url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return su;
}

/**
 * The long season, and the baseline's collection (anyone may create a record).
 * @param {PocketBase} su
 */
async function configure(su) {
  const season = await su.collection('settings').getFirstListItem("key='season'");
  await su.collection('settings').update(season.id, { value: SEASON });
  await su.collections.create({ name: BARE_COLLECTION, type: 'base', createRule: '', fields: [{ name: 'note', type: 'text' }] });
}

/** Every free install slot of the season, from the server's availability route. @param {string} url */
async function freeVisits(url) {
  /** @type {{ season: { install: { start: string, end: string } } }} */
  const { season } = await (await fetch(`${url}/api/fn/season`)).json();
  /** @type {Visit[]} */
  const visits = [];
  for (const date of datesBetween(season.install.start, season.install.end)) {
    /** @type {{ slots: { id: string, available: boolean }[] }} */
    const a = await (await fetch(`${url}/api/fn/availability?date=${date}&size=${SIZE}&kind=install`)).json();
    for (const s of a.slots) if (s.available) visits.push({ date, slot: s.id });
  }
  return visits;
}

/** The server's peak resident memory in MB (Linux), or NaN. @param {number | undefined} pid */
function peakMemoryMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** @param {string} name @param {import('./load.mjs').LoadResult} r */
function line(name, r) {
  const ms = (/** @type {number} */ v) => `${v.toFixed(0)} ms`.padStart(8);
  const errors = r.errors ? `   ${r.errors} unexpected (first: ${r.firstError})` : '';
  return `${name.padEnd(44)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   max ${ms(r.max)}   ${r.rps.toFixed(0).padStart(5)} req/s${errors}`;
}

/** `count` racing checkouts on each of `slots`, racers of one slot side by side. @param {Visit[]} slots @param {string} tag */
function contestedRequests(slots, tag) {
  return slots.flatMap((v, s) => Array.from({ length: RACERS }, (_, r) => checkoutRequest(v, `${tag}-${s}-${r}`)));
}

/**
 * Problems with a contested burst: a slot without exactly one 200 among its racers (the rest
 * 409), or without exactly one stored booking holding it.
 * @param {PocketBase} su @param {Visit[]} slots @param {import('./load.mjs').BurstAnswer[]} answers
 */
async function contestedProblems(su, slots, answers) {
  const held = await su.collection('bookings').getFullList({ fields: 'install_date,install_time_slot,status', filter: "status = 'pending_payment' || status = 'confirmed'" });
  /** @type {string[]} */
  const problems = [];
  slots.forEach((v, s) => {
    const statuses = answers.slice(s * RACERS, (s + 1) * RACERS).map((a) => a.status);
    const won = statuses.filter((st) => st === 200).length;
    const lost = statuses.filter((st) => st === 409).length;
    const owners = held.filter((b) => b.install_date === v.date && b.install_time_slot === v.slot).length;
    if (won !== 1 || lost !== RACERS - 1 || owners !== 1) problems.push(`${v.date} ${v.slot}: ${won} won, ${lost} refused, ${owners} bookings hold it (statuses ${statuses.join(' ')})`);
  });
  return problems;
}

async function main() {
  console.log(
    `Load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores: figures vary with it.`,
  );
  if (args.get('--skip-build') !== 'true') {
    console.log('Building the server, hooks and web app…');
    await buildAll();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-checkout-'));
  /** @type {import('../lib/server.mjs').RunningServer | null} */
  let server = null;
  // The superuser is made once, so a restart measures the server's own start only.
  const start = async (/** @type {boolean} */ first = false) => (server = await startServer({ dataDir, superuser: first ? SUPERUSER : undefined, env: ENV }));
  const stop = async () => {
    await server?.stop();
    server = null;
  };
  try {
    // Set up on a first process, so the measured ones start with nothing warmed by the set-up.
    let s = await start(true);
    await configure(await superuserClient(s.url));
    const visits = await freeVisits(s.url);
    const needed = 1 + 2 * (BURST + CONTESTED);
    if (visits.length < needed) throw new Error(`Only ${visits.length} free slots; the bench needs ${needed}.`);
    const take = (/** @type {number} */ n) => visits.splice(0, n);
    console.log(`${visits.length} free ${SIZE} install slots; ${BURST} distinct and ${CONTESTED} × ${RACERS} contested checkouts per burst.`);
    await stop();

    const bare = (/** @type {string} */ tag) =>
      Array.from({ length: BURST }, (_, i) => ({ method: /** @type {const} */ ('POST'), path: `/api/collections/${BARE_COLLECTION}/records`, body: { note: `${tag} ${i}` } }));
    /** @type {string[]} */
    const lines = [];
    const conflictOk = (/** @type {number} */ st) => st === 200 || st === 409;

    // Baseline, cold: the bare route's first burst on a fresh process.
    s = await start();
    lines.push(line(`bare record create, cold (${BURST})`, summarize([burstRun(await burst({ origin: s.url, requests: bare('cold') }))])));
    await stop();

    // Checkouts on a fresh process: the first one alone, then the bursts, cold then warm.
    const startedAt = performance.now();
    s = await start();
    const healthyMs = performance.now() - startedAt;
    const first = await burst({ origin: s.url, requests: [checkoutRequest(take(1)[0] ?? { date: '', slot: '' }, 'first')] });
    const firstMs = first.answers[0]?.ms ?? NaN;
    if (first.answers[0]?.status !== 200) throw new Error(`The first checkout answered ${first.answers[0]?.status}: ${first.answers[0]?.body}`);
    const su = await superuserClient(s.url);
    /** @type {string[]} */
    const problems = [];
    /** @type {Record<string, number>} */
    const p95 = {};
    for (const phase of ['cold', 'warm']) {
      const distinct = await burst({ origin: s.url, requests: take(BURST).map((v, i) => checkoutRequest(v, `${phase}-${i}`)) });
      const distinctResult = summarize([burstRun(distinct)]);
      p95[phase] = distinctResult.p95;
      lines.push(line(`checkout, distinct slots, ${phase} (${BURST})`, distinctResult));
      if (distinctResult.errors) problems.push(`${distinctResult.errors} distinct checkouts (${phase}) did not answer 200, first: ${distinctResult.firstError}`);
      const slots = take(CONTESTED);
      const contested = await burst({ origin: s.url, requests: contestedRequests(slots, `${phase}-race`) });
      lines.push(line(`checkout, ${CONTESTED} slots × ${RACERS}, ${phase} (${CONTESTED * RACERS})`, summarize([burstRun(contested, conflictOk)])));
      problems.push(...(await contestedProblems(su, slots, contested.answers)));
    }
    lines.push(line(`bare record create, warm (${BURST})`, summarize([burstRun(await burst({ origin: s.url, requests: bare('warm') }))])));
    const memory = peakMemoryMb(s.pid);
    // null on a build without the warm-up (docs/decisions/040), to compare with one.
    /** @type {{ warmed: number, poolSize: number, warmMs: number, lateLoads: number, extraRuntimes: number } | null} */
    const hooks = await su.send('/api/health/hooks', {}).catch(() => null);
    await stop();

    console.log('');
    console.log(`Start to healthy: ${healthyMs.toFixed(0)} ms; first checkout after healthy: ${firstMs.toFixed(0)} ms (target ≤ ${TARGETS.firstMs} ms)`);
    for (const l of lines) console.log(l);
    console.log(`Targets: distinct burst p95 ≤ ${TARGETS.coldP95} ms cold (${(p95.cold ?? NaN).toFixed(0)}), ≤ ${TARGETS.warmP95} ms warm (${(p95.warm ?? NaN).toFixed(0)}).`);
    if (hooks)
      console.log(
        `Hook runtimes: ${hooks.warmed} of ${hooks.poolSize} warmed before healthy (${hooks.warmMs} ms); since, ${hooks.lateLoads} library loads, ${hooks.extraRuntimes} throwaway runtimes.`,
      );
    else console.log('Hook runtimes: not reported by this build.');
    console.log(`Server peak memory (checkout process): ${memory.toFixed(0)} MB`);
    if (problems.length) {
      console.log(`\nOne owner per contested slot FAILED:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log(`Every contested slot has exactly one owner (${2 * CONTESTED} slots, ${RACERS} racers each).`);
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
