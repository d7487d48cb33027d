// @ts-check
/**
 * A season's worth of made-up bookings for the benches (seeded by scripts/bench/bench-server.mjs
 * for bench:api, bench:admin and bench:offline): deterministic (the same run seeds the same data), dated inside the
 * season of their frozen clock (APP_NOW 2026-11-20), in the states real bookings take.
 */
import { performance } from 'node:perf_hooks';

/** A small deterministic generator, so every run seeds the same data. */
function rng(seed = 42) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng();
/** @template T @param {T[]} list @returns {T} */
const pick = (list) => /** @type {T} */ (list[Math.floor(random() * list.length)]);
const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');

/**
 * Booking number `i`: package, size and its slot, install in November or December 2026, removal
 * in January 2027, and a mix of states (70 % deposit paid, 15 % paid, 10 % unpaid holds, 5 %
 * cancelled).
 * @param {number} i
 */
export function seasonBooking(i) {
  const size = pick(['5-7ft', '7.5-9ft', '10-12ft']);
  const slot = { '5-7ft': '9-12', '7.5-9ft': '9-15', '10-12ft': '9-18' }[size];
  const install = `2026-${pick(['11', '12'])}-${pad(1 + Math.floor(random() * 23))}`;
  const removal = `2027-01-${pad(1 + Math.floor(random() * 30))}`;
  const total = pick([30000, 60000, 90000, 100000, 165000, 185000, 240000, 270000]);
  const deposit = total / 2;
  const paidAt = `2026-${pick(['09', '10', '11'])}-${pad(1 + Math.floor(random() * 19))} ${pad(12 + Math.floor(random() * 10))}:00:00.000Z`;
  const roll = random();
  const state =
    roll < 0.7
      ? { status: 'confirmed', payment_status: 'deposit_paid', balance_remaining: total - deposit, deposit_paid_at: paidAt }
      : roll < 0.85
        ? { status: 'completed', payment_status: 'paid', balance_remaining: 0, deposit_paid_at: paidAt, balance_paid_at: '2026-11-18 18:00:00.000Z' }
        : roll < 0.95
          ? { status: 'pending_payment', payment_status: 'pending', balance_remaining: total, hold_expires_at: '2026-11-01 12:00:00.000Z' }
          : { status: 'cancelled', payment_status: 'pending', balance_remaining: total };
  return {
    customer_name: `Bench Customer ${i}`,
    customer_email: `customer${i}@example.com`,
    customer_phone: `(410) 555-${String(i % 10000).padStart(4, '0')}`,
    customer_address: `${i} Bench Street, Ellicott City, MD 21043`,
    package_type: pick(['adorned-arrangement', 'elevated-arbor', 'curated-christmas']),
    tree_size: size,
    install_date: install,
    install_time_slot: slot,
    removal_date: removal,
    removal_time_slot: slot,
    total_price: total,
    deposit_amount: deposit,
    payment_mode: 'demo',
    notes: random() < 0.3 ? 'Please use the side door; the dog is friendly.' : '',
    ...state,
  };
}

/**
 * Creates `count` records of `collection` from `make(i)` in batches of `batchSize` (the
 * superuser batch API, which must be enabled).
 * @param {import('pocketbase').default} pb @param {string} collection @param {number} count
 * @param {(i: number) => Record<string, unknown>} make @param {number} batchSize
 */
export async function seedRecords(pb, collection, count, make, batchSize) {
  const started = performance.now();
  for (let from = 0; from < count; from += batchSize) {
    const batch = pb.createBatch();
    for (let i = from; i < Math.min(count, from + batchSize); i++) batch.collection(collection).create(make(i));
    await batch.send();
  }
  console.log(`  seeded ${count} ${collection} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
