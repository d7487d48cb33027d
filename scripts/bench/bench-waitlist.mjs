#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:waitlist`: the waitlist for full days (the waitlist contract). Builds the app,
 * starts the real PocketBase server (scripts/bench/bench-server.mjs: clock frozen on Friday
 * 2026-11-20 noon, no SMTP, so each e-mail is logged), fills 20 December days (every 5–7 ft slot
 * booked and paid), puts 200 people on the waitlist through POST /api/fn/waitlist/join (10 per
 * day), then sends 50 owner cancellations at once (POST /api/fn/admin-bookings/cancel, 2 or 3 a
 * day), each of which offers its freed slot after its commit. Prints: the offers sent (which
 * must equal the slots freed that have someone waiting), duplicates (an entry or a slot offered
 * twice: must be 0), the time from the cancellations to the first offer's mail_log row and to
 * the last, and the time of one run of the offers job afterwards (POST
 * /api/fn/jobs/waitlist-offers, which must offer nothing more). Figures only, no asserts. Not
 * part of `npm test`.
 *
 * Options: --skip-build (use the current build).
 */
import { benchAdmin, seasonServer } from './bench-server.mjs';
import { benchArgs } from './bench-figures.mjs';

const args = benchArgs();
const DAYS = 20;
const WAITING_PER_DAY = 10;
const CANCELS = 50;
const SLOTS = ['9-12', '12-15', '15-18', '18-21'];

/**
 * `n` full days: the install days of the season outside the notice (Sundays, Tuesdays, Fridays
 * and Saturdays from November 24 to December 23), then removal days from January 4, 2027.
 * @param {number} n @returns {{ date: string, kind: 'install' | 'removal' }[]}
 */
function fullDays(n) {
  /** @type {{ date: string, kind: 'install' | 'removal' }[]} */
  const out = [];
  for (let t = Date.UTC(2026, 10, 24); t <= Date.UTC(2026, 11, 23) && out.length < n; t += 86_400_000) {
    const d = new Date(t);
    if ([0, 2, 5, 6].includes(d.getUTCDay())) out.push({ date: d.toISOString().slice(0, 10), kind: 'install' });
  }
  for (let t = Date.UTC(2027, 0, 4); out.length < n; t += 86_400_000) out.push({ date: new Date(t).toISOString().slice(0, 10), kind: 'removal' });
  return out;
}

async function main() {
  const server = await seasonServer({ name: 'waitlist', bookings: 0, skipBuild: args.get('--skip-build') === 'true' });
  try {
    const { url, su } = server;
    const admin = await benchAdmin(url, su);
    const days = fullDays(DAYS);
    console.log(`Filling ${days.length} days (${days.map((d) => `${d.date} ${d.kind}`).join(', ')}): every 5–7 ft slot booked and paid…`);
    /** @type {{ id: string, date: string }[]} */
    const bookings = [];
    const batch = su.createBatch();
    for (const { date, kind } of days)
      for (const slot of SLOTS)
        batch.collection('bookings').create({
          customer_name: 'Full Day',
          customer_email: `full.${date}.${slot}@example.com`,
          customer_phone: '(410) 555-0199',
          customer_address: '9 Bench Lane, Columbia, MD 21044',
          package_type: 'adorned-arrangement',
          tree_size: '5-7ft',
          // A removal day's bookings were installed on a past day (no one waits for it).
          install_date: kind === 'install' ? date : '2026-11-16',
          install_time_slot: kind === 'install' ? slot : '9-12',
          removal_date: kind === 'removal' ? date : '',
          removal_time_slot: kind === 'removal' ? slot : '',
          total_price: 60000,
          deposit_amount: 30000,
          balance_remaining: 30000,
          payment_status: 'deposit_paid',
          status: 'confirmed',
          payment_mode: 'demo',
        });
    for (const r of await batch.send()) bookings.push({ id: r.body.id, date: r.body.removal_date || r.body.install_date });

    console.log(`Joining ${days.length * WAITING_PER_DAY} people to the waitlist…`);
    const joinStarted = performance.now();
    for (let i = 0; i < WAITING_PER_DAY; i++)
      for (const { date, kind } of days) {
        const res = await fetch(`${url}/api/fn/waitlist/join`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Waiter ${i}`, email: `wait.${i}.${date}@example.com`, phone: '(410) 555-0111', date, kind, size: '5-7ft', package: 'adorned-arrangement', choices: {} }),
        });
        if (!res.ok) throw new Error(`join ${date}: ${res.status} ${await res.text()}`);
      }
    const joinMs = performance.now() - joinStarted;

    // 50 cancellations spread over the days (2 or 3 a day), sent at once.
    const doomed = [];
    for (let i = 0; doomed.length < CANCELS; i++) {
      const day = days[i % days.length].date;
      const b = bookings.filter((x) => x.date === day)[Math.floor(i / days.length)];
      if (b) doomed.push(b);
    }
    console.log(`Cancelling ${doomed.length} bookings at once…`);
    const cancelStartedAt = Date.now();
    const results = await Promise.all(
      doomed.map((b) =>
        fetch(`${url}/api/fn/admin-bookings/cancel`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: admin.authStore.token, 'Idempotency-Key': `bench-cancel-${b.id}` },
          body: JSON.stringify({ bookingId: b.id, refund: false }),
        }),
      ),
    );
    const failed = results.filter((r) => !r.ok).length;
    const cancelMs = Date.now() - cancelStartedAt;

    const jobStarted = performance.now();
    const job = await fetch(`${url}/api/fn/jobs/waitlist-offers`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: su.authStore.token }, body: '{}' });
    const jobMs = performance.now() - jobStarted;
    const jobBody = await job.json();

    const offers = await su.collection('waitlist_offers').getFullList({ fields: 'id,entry,date,time_slot,status' });
    const mails = await su.collection('mail_log').getFullList({ filter: "kind = 'waitlist_offer'", fields: 'id,queued_at,created_at', sort: 'created_at' });
    const perDay = new Map();
    for (const b of doomed) perDay.set(b.date, (perDay.get(b.date) ?? 0) + 1);
    const expected = [...perDay.values()].reduce((s, n) => s + Math.min(n, WAITING_PER_DAY), 0);
    const byEntry = new Map();
    const bySlot = new Map();
    for (const o of offers) {
      byEntry.set(o.entry, (byEntry.get(o.entry) ?? 0) + 1);
      if (o.status === 'open') bySlot.set(`${o.date} ${o.time_slot}`, (bySlot.get(`${o.date} ${o.time_slot}`) ?? 0) + 1);
    }
    const duplicates = [...byEntry.values(), ...bySlot.values()].reduce((s, n) => s + Math.max(0, n - 1), 0);
    const stamps = mails.map((m) => Date.parse(String(m.queued_at || m.created_at).replace(' ', 'T'))).sort((a, b) => a - b);

    console.log('');
    console.log(`joins: ${days.length * WAITING_PER_DAY} in ${joinMs.toFixed(0)} ms (${(joinMs / (days.length * WAITING_PER_DAY)).toFixed(1)} ms each)`);
    console.log(`cancellations: ${doomed.length} at once, ${failed} failed, all answered in ${cancelMs} ms`);
    console.log(`offers sent: ${offers.length} (slots freed with someone waiting: ${expected}) ${offers.length === expected ? 'OK' : 'MISMATCH'}`);
    console.log(`offer e-mails queued: ${mails.length}`);
    console.log(`duplicates: ${duplicates}`);
    if (stamps.length > 0)
      console.log(
        `from the cancellations to the first offer's mail_log row: ${stamps[0] - cancelStartedAt} ms; to the last: ${stamps[stamps.length - 1] - cancelStartedAt} ms (target: within a minute)`,
      );
    console.log(`offers job run afterwards: ${jobMs.toFixed(1)} ms, answered ${JSON.stringify(jobBody)}`);
  } finally {
    await server.stop();
  }
}

await main();
