/// <reference path="../pb_hooks/types/types.d.ts" />
// The waitlist for full days (docs/architecture.md "Data model"; the waitlist contract):
// - `waitlist_entries`: one person waiting for a date (install or removal visit of a tree size),
//   in line by `joined_at` (ms); `booking` set when they wait to move that booking's visit.
//   One live entry (waiting or offered) per (email_key, date, kind): a partial unique index.
// - `waitlist_offers`: a freed slot offered to an entry, held until `expires_at` while `open`
//   (bookings-repo.ts bookingsOnDates counts it as an unpaid checkout hold). One open offer per
//   entry: a partial unique index, so two offer steps at one instant never offer twice.
// Admins read both (as `customers`), the mirror pulls them by (updated_at, id); writes go
// through the /api/fn/waitlist/ and /api/fn/admin-waitlist/ routes and the offers job only.

const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';

migrate((app) => {
  const entries = new Collection({
    type: "base",
    name: "waitlist_entries",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "email_key", type: "text", required: true, max: 255 },
      { name: "name", type: "text", max: 100 },
      { name: "email", type: "text", max: 255 },
      { name: "phone", type: "text", max: 20 },
      { name: "date", type: "text", required: true, max: 10 },
      { name: "kind", type: "select", maxSelect: 1, required: true, values: ["install", "removal"] },
      { name: "tree_size", type: "text", max: 20 },
      { name: "package_type", type: "text", max: 50 },
      { name: "choices", type: "json", maxSize: 20000 },
      { name: "booking", type: "relation", collectionId: app.findCollectionByNameOrId("bookings").id, maxSelect: 1, cascadeDelete: false },
      { name: "joined_at", type: "number", required: true },
      { name: "status", type: "select", maxSelect: 1, required: true, values: ["waiting", "offered", "booked", "declined", "expired", "left", "skipped", "removed"] },
      { name: "leave_token_hash", type: "text", max: 64 },
      { name: "client_ip", type: "text", max: 64 },
      { name: "created_at", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated_at", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX `idx_waitlist_entries_live` ON `waitlist_entries` (`email_key`, `date`, `kind`) WHERE `status` = 'waiting' OR `status` = 'offered'",
      "CREATE INDEX `idx_waitlist_entries_date_status` ON `waitlist_entries` (`date`, `status`, `joined_at`)",
      "CREATE INDEX `idx_waitlist_entries_leave` ON `waitlist_entries` (`leave_token_hash`)",
      "CREATE INDEX `idx_waitlist_entries_updated_at_id` ON `waitlist_entries` (`updated_at`, `id`)",
    ],
  });
  app.save(entries);

  const offers = new Collection({
    type: "base",
    name: "waitlist_offers",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "entry", type: "relation", required: true, collectionId: entries.id, maxSelect: 1, cascadeDelete: true },
      { name: "date", type: "text", required: true, max: 10 },
      { name: "kind", type: "select", maxSelect: 1, required: true, values: ["install", "removal"] },
      { name: "time_slot", type: "text", required: true, max: 10 },
      { name: "tree_size", type: "text", max: 20 },
      { name: "offered_at", type: "date", required: true },
      { name: "expires_at", type: "date", required: true },
      { name: "status", type: "select", maxSelect: 1, required: true, values: ["open", "accepted", "declined", "expired", "ended"] },
      { name: "booking", type: "relation", collectionId: app.findCollectionByNameOrId("bookings").id, maxSelect: 1, cascadeDelete: false },
      { name: "token_hash", type: "text", max: 64 },
      { name: "by", type: "select", maxSelect: 1, values: ["job", "owner"] },
      { name: "created_at", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated_at", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX `idx_waitlist_offers_open_entry` ON `waitlist_offers` (`entry`) WHERE `status` = 'open'",
      "CREATE INDEX `idx_waitlist_offers_date_status` ON `waitlist_offers` (`date`, `status`)",
      "CREATE INDEX `idx_waitlist_offers_token` ON `waitlist_offers` (`token_hash`)",
      "CREATE INDEX `idx_waitlist_offers_updated_at_id` ON `waitlist_offers` (`updated_at`, `id`)",
    ],
  });
  app.save(offers);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("waitlist_offers"));
  app.delete(app.findCollectionByNameOrId("waitlist_entries"));
});
