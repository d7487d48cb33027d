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
// - a per-IP limit for guests on joining (POST /api/fn/waitlist/join), besides its cap of 5
//   live dates per e-mail (domain/waitlist/waitlist.ts), as "e-mail me my link" has.

const RULES = [{ label: "POST /api/fn/waitlist/join", audience: "@guest", maxRequests: 10, duration: 600 }];

const { ADMIN, baseCollection, timestamps, syncIndex, addRateLimits, removeRateLimits, settingsKeys, setSettingsKeys, ensureSetting, deleteSetting } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

// - the settings key `waitlist` ({ offer_hours }, the offer window; 12 hours by default), a row
//   the admin may update like the other editable settings (the record hook checks its value,
//   domain/admin/site-settings.ts). The keys the rules allow are read from the current rules and
//   `waitlist` added, so another migration's keys are kept.
const settingsRules = (app, change) => setSettingsKeys(app, change(settingsKeys(app)));

migrate((app) => {
  const entries = baseCollection(
    "waitlist_entries",
    { list: ADMIN, view: ADMIN },
    [
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
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_waitlist_entries_live` ON `waitlist_entries` (`email_key`, `date`, `kind`) WHERE `status` = 'waiting' OR `status` = 'offered'",
      "CREATE INDEX `idx_waitlist_entries_date_status` ON `waitlist_entries` (`date`, `status`, `joined_at`)",
      "CREATE INDEX `idx_waitlist_entries_leave` ON `waitlist_entries` (`leave_token_hash`)",
      syncIndex("waitlist_entries"),
    ],
  );
  app.save(entries);

  const offers = baseCollection(
    "waitlist_offers",
    { list: ADMIN, view: ADMIN },
    [
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
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_waitlist_offers_open_entry` ON `waitlist_offers` (`entry`) WHERE `status` = 'open'",
      "CREATE INDEX `idx_waitlist_offers_date_status` ON `waitlist_offers` (`date`, `status`)",
      "CREATE INDEX `idx_waitlist_offers_token` ON `waitlist_offers` (`token_hash`)",
      syncIndex("waitlist_offers"),
    ],
  );
  app.save(offers);

  addRateLimits(app, RULES);
  ensureSetting(app, "waitlist", { offer_hours: 12 });
  settingsRules(app, (keys) => [...keys.filter((k) => k !== "waitlist"), "waitlist"]);
}, (app) => {
  settingsRules(app, (keys) => keys.filter((k) => k !== "waitlist"));
  deleteSetting(app, "waitlist");
  removeRateLimits(app, RULES);
  app.delete(app.findCollectionByNameOrId("waitlist_offers"));
  app.delete(app.findCollectionByNameOrId("waitlist_entries"));
});
