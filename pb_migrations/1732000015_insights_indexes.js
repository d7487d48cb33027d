/// <reference path="../pb_hooks/types/types.d.ts" />
// Indexes for GET /api/fn/insights (docs/decisions/015: p95 ≤ 50 ms with 2,000 bookings and 50,000
// analytics events; pb_hooks/src/lib/insights):
// - analytics_events (event_type, session_id): unique sessions, and whether a new page view's
//   session was seen before;
// - bookings: every column the tiles, revenue and weekly chart read, so their three passes read
//   a narrow index instead of the wide rows (addresses, notes, price lines).

const INDEXES = {
  analytics_events: ["CREATE INDEX `idx_analytics_type_session` ON `analytics_events` (`event_type`, `session_id`)"],
  bookings: [
    "CREATE INDEX `idx_bookings_insights` ON `bookings` (`status`, `payment_status`, `hold_expires_at`, `created_at`, `total_price`, `deposit_amount`, `balance_remaining`, `deposit_paid_at`, `balance_paid_at`)",
  ],
};
const nameOf = (sql) => /`(idx_[a-z_]+)`/.exec(sql)[1];

migrate((app) => {
  for (const [name, indexes] of Object.entries(INDEXES)) {
    const collection = app.findCollectionByNameOrId(name);
    collection.indexes.push(...indexes);
    app.save(collection);
  }
}, (app) => {
  for (const [name, indexes] of Object.entries(INDEXES)) {
    const collection = app.findCollectionByNameOrId(name);
    const names = indexes.map(nameOf);
    collection.indexes = collection.indexes.filter((sql) => !names.some((n) => sql.includes(n)));
    app.save(collection);
  }
});
