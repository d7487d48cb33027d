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
const LABELS = RULES.map((r) => r.label);

const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';

// - the settings key `waitlist` ({ offer_hours }, the offer window; 12 hours by default), a row
//   the admin may update like the other editable settings (the record hook checks its value,
//   domain/admin/site-settings.ts). The keys the rules allow are read from the current rules and
//   `waitlist` added, so another migration's keys are kept.
const keyIn = (keys, field) => "(" + keys.map((k) => `${field} = "${k}"`).join(" || ") + ")";
function settingsRules(app, change) {
  const settings = app.findCollectionByNameOrId("settings");
  const keys = change([...String(settings.createRule || "").matchAll(/@request\.body\.key = "([^"]+)"/g)].map((m) => m[1]));
  settings.createRule = `${ADMIN} && ${keyIn(keys, "@request.body.key")}`;
  settings.updateRule = `${ADMIN} && ${keyIn(keys, "key")} && (@request.body.key:isset = false || @request.body.key = key)`;
  app.save(settings);
}

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

  const settings = app.settings();
  settings.rateLimits.rules = [...RULES, ...settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label))];
  app.save(settings);

  try {
    app.findFirstRecordByData("settings", "key", "waitlist");
  } catch {
    app.save(new Record(app.findCollectionByNameOrId("settings"), { key: "waitlist", value: { offer_hours: 12 } }));
  }
  settingsRules(app, (keys) => [...keys.filter((k) => k !== "waitlist"), "waitlist"]);
}, (app) => {
  settingsRules(app, (keys) => keys.filter((k) => k !== "waitlist"));
  try {
    app.delete(app.findFirstRecordByData("settings", "key", "waitlist"));
  } catch {
    // already gone
  }
  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label));
  app.save(settings);
  app.delete(app.findCollectionByNameOrId("waitlist_offers"));
  app.delete(app.findCollectionByNameOrId("waitlist_entries"));
});
