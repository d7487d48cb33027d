#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:api`: the speed of GET /api/fn/availability against PocketBase's own list
 * route, in one run on one server (docs/decisions/017). Builds the app, starts the real PocketBase server
 * on a temp dir and a free port with RATE_LIMITS=off (PocketBase's per-IP limits would
 * otherwise answer most of one address's requests with 429) and today frozen at 2026-11-20,
 * seeds a season (2,000 bookings, a dozen blocked dates, two crews), then loads each route
 * with 50 keep-alive connections for a fixed duration after a short warm-up, and prints
 * requests per second, p50/p95/p99 latency and the ratio of the two throughputs
 * (target ≥ 0.5). The routes take turns in short rounds, so a change in the machine's other
 * load during the run weighs on both alike.
 *
 * The availability requests cycle through every install work day of the season and every
 * removal date, for each tree size, as customers choosing a date ask them; the bare route is
 * `GET /api/collections/blocked_dates/records?perPage=10` (public, a dozen rows).
 * Figures only, no asserts: throughput varies with machine load. Not part of `npm test`.
 *
 * Options: --skip-build (use the current build), --seconds=N per route (default 10),
 * --rounds=N it is split into (default 5), --warmup=N seconds (default 3), --connections=N
 * (default 50), --bookings=N (default 2000).
 */
import { loadTest, summarize } from './load.mjs';
import { seasonServer } from './bench-server.mjs';
import { benchArgs, benchNumbers, datesBetween } from './bench-figures.mjs';

/** @typedef {import('pocketbase').default} PocketBase */

const args = benchArgs();
const { seconds: SECONDS, rounds: ROUNDS, warmup: WARMUP, connections: CONNECTIONS, bookings: BOOKINGS } = benchNumbers(args, { seconds: 10, rounds: 5, warmup: 3, connections: 50, bookings: 2000 });
const TARGET_RATIO = 0.5;
const SIZES = ['5-7ft', '7.5-9ft', '10-12ft'];
// Days off the owner blocks in a season: a few install days, the New Year, two removal days.
const BLOCKED = ['2026-11-28', '2026-12-05', '2026-12-06', '2026-12-12', '2026-12-19', '2026-12-20', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-09', '2027-01-16', '2027-01-23'];
const LIST_PATH = '/api/collections/blocked_dates/records?perPage=10';

/**
 * The availability questions of a season, as the server's own season route describes it:
 * every install work day after today and every removal date, for each size.
 * @param {string} origin
 */
async function availabilityPaths(origin) {
  const res = await fetch(`${origin}/api/fn/season`);
  /** @type {{ today: string, season: { install: { start: string, end: string }, removal: { start: string, end: string } }, workDays: number[] }} */
  const { today, season, workDays } = await res.json();
  const installs = datesBetween(season.install.start, season.install.end).filter((d) => d > today && workDays.includes(new Date(`${d}T12:00:00Z`).getUTCDay()));
  const removals = datesBetween(season.removal.start, season.removal.end);
  const firstInstall = /** @type {string} */ (installs[0]);
  return SIZES.flatMap((size) => [
    ...installs.map((d) => `/api/fn/availability?date=${d}&size=${size}&kind=install`),
    ...removals.map((d) => `/api/fn/availability?date=${d}&size=${size}&kind=removal&installDate=${firstInstall}`),
  ]);
}

/** The owner's days off and a second crew. @param {PocketBase} su */
async function seedSettings(su) {
  for (const d of BLOCKED) await su.collection('blocked_dates').create({ blocked_date: d, reason: 'Day off' });
  const capacity = await su.collection('settings').getFirstListItem("key='capacity'");
  await su.collection('settings').update(capacity.id, { value: { crews: 2 } });
}

/** @param {string} name @param {import('./load.mjs').LoadResult} r */
function line(name, r) {
  const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;
  const errors = r.errors ? `, ${r.errors} errors (first: ${r.firstError})` : '';
  return `${name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}${errors}`;
}

async function main() {
  const server = await seasonServer({ name: 'api', bookings: BOOKINGS, skipBuild: args.get('--skip-build') === 'true' });
  try {
    console.log(`Seeding ${BLOCKED.length} blocked dates, 2 crews…`);
    await seedSettings(server.su);

    const paths = await availabilityPaths(server.url);
    const load = (/** @type {string[]} */ p, /** @type {number} */ seconds) => loadTest({ origin: server.url, paths: p, connections: CONNECTIONS, seconds });
    console.log(`Warming up (${WARMUP} s each), then ${SECONDS} s per route in ${ROUNDS} rounds at ${CONNECTIONS} connections…`);
    await load([LIST_PATH], WARMUP);
    await load(paths, WARMUP);
    /** @type {import('./load.mjs').LoadRun[]} */
    const listRuns = [];
    /** @type {import('./load.mjs').LoadRun[]} */
    const availabilityRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      listRuns.push(await load([LIST_PATH], SECONDS / ROUNDS));
      availabilityRuns.push(await load(paths, SECONDS / ROUNDS));
    }
    const list = summarize(listRuns);
    const availability = summarize(availabilityRuns);

    console.log('');
    console.log(line(`GET ${LIST_PATH}`, list));
    console.log(line(`GET /api/fn/availability (${paths.length} questions)`, availability));
    console.log(`Ratio availability / list: ${(availability.rps / list.rps).toFixed(2)} (target ≥ ${TARGET_RATIO})`);
  } finally {
    await server.stop();
  }
}

await main();
