#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:reminders`: the visit-reminder job (docs/decisions/028) over a season of 2,000
 * bookings (scripts/bench/bench-bookings.mjs: installs across November and December 2026,
 * removals across January 2027, about 85 % of them confirmed and paid). Builds the app, starts
 * the real PocketBase server (no SMTP: each e-mail is logged, so the figure is the job's own
 * work), then runs the job through POST /api/fn/jobs/send-reminders at 9 AM New York time on
 * every day of the season, and prints per run the time the route took and how many reminders
 * it queued: the median, the worst, and the run with the most reminders (target: every run
 * under 1 s). A second pass on the same days must queue nothing (each reminder once).
 * Figures only, no asserts. Not part of `npm test`.
 *
 * Options: --skip-build (use the current build), --bookings=N (default 2000).
 */
import { seasonServer } from './bench-server.mjs';
import { benchArgs, median } from './bench-figures.mjs';

const args = benchArgs();
const BOOKINGS = Number(args.get('--bookings') ?? 2000);
const TARGET_MS = 1000;

/** 9 AM in New York on `date` (EST: the whole season is after the November change). @param {string} date */
const nineAm = (date) => `${date}T14:00:00.000Z`;

/** Every day from `from` to `to`, inclusive. @param {string} from @param {string} to */
function days(from, to) {
  const out = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); t <= Date.parse(`${to}T12:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

async function main() {
  const server = await seasonServer({ name: 'reminders', bookings: BOOKINGS, skipBuild: args.get('--skip-build') === 'true' });
  try {
    const run = async (/** @type {string} */ date) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/fn/jobs/send-reminders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: server.su.authStore.token },
        body: JSON.stringify({ now: nineAm(date) }),
      });
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`send-reminders ${date}: ${res.status} ${await res.text()}`);
      const body = /** @type {{ queued: number, skipped: number }} */ (await res.json());
      return { date, ms, ...body };
    };
    // The day before each visit: October 31 to January 30.
    const season = days('2026-10-31', '2027-01-30');
    console.log(`Running the reminder job at 9 AM on each of ${season.length} days over ${BOOKINGS} bookings…`);
    const first = [];
    for (const d of season) first.push(await run(d));
    const again = [];
    for (const d of season) again.push(await run(d));

    const times = first.map((r) => r.ms);
    const worst = first.reduce((a, b) => (b.ms > a.ms ? b : a));
    const busiest = first.reduce((a, b) => (b.queued > a.queued ? b : a));
    const total = first.reduce((sum, r) => sum + r.queued, 0);
    console.log('');
    console.log(`reminders queued over the season: ${total} (second pass: ${again.reduce((s, r) => s + r.queued, 0)} queued, ${again.reduce((s, r) => s + r.skipped, 0)} already sent)`);
    console.log(`job run (route round trip): median ${median(times).toFixed(1)} ms, worst ${worst.ms.toFixed(1)} ms on ${worst.date} (${worst.queued} reminders)`);
    console.log(`busiest day: ${busiest.date}, ${busiest.queued} reminders in ${busiest.ms.toFixed(1)} ms`);
    console.log(`target: every run under ${TARGET_MS} ms: ${worst.ms < TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
  }
}

await main();
