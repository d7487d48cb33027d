/// <reference path="../pb_hooks/types/types.d.ts" />
// Renewals for the next season (domain/customers/renewals.ts; pb_hooks/src/lib/customers/renewals-job.ts):
// - `renewals`: one row per customer (`email_key`, domain/customers/customer-key.ts) and season
//   year, written by the renewals job when it queues that customer's renewal e-mail: the booking
//   it was made from, the proposed dates and slots, and the SHA-256 of the e-mail's link token
//   (the token itself exists only in the e-mail). The unique (email_key, season) index makes a
//   second run, a restart or two runs at once write no second row and queue no second e-mail.
//   Admins read it; no API write (hooks only).
// - `customers.unsubscribed_at`: when the customer asked for no more marketing e-mail ('' while
//   subscribed); set only by POST /api/fn/unsubscribe.
// - `mail_log.headers`: extra headers of a queued message ({ name: value }), e.g. a marketing
//   e-mail's List-Unsubscribe (RFC 2369, RFC 8058); empty for every transactional message.
const { ADMIN, baseCollection, timestamps, addField, removeField, addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const DATE = "^(\\d{4}-\\d{2}-\\d{2})?$";
// Per-IP limits for guests on the two anonymous routes that take a token (guessing is pointless
// with 256-bit tokens; the limits keep a scanner from costing the server).
const RULES = [
  { label: "GET /api/fn/renewal", audience: "@guest", maxRequests: 30, duration: 600 },
  { label: "POST /api/fn/unsubscribe", audience: "@guest", maxRequests: 30, duration: 600 },
];

migrate((app) => {
  const renewals = baseCollection(
    "renewals",
    { list: ADMIN, view: ADMIN },
    [
      { name: "email_key", type: "text", required: true, max: 255 },
      { name: "season", type: "number", required: true, onlyInt: true, min: 2020, max: 2100 },
      { name: "booking", type: "relation", collectionId: app.findCollectionByNameOrId("bookings").id, maxSelect: 1, cascadeDelete: false },
      { name: "proposed_install_date", type: "text", max: 10, pattern: DATE },
      { name: "proposed_install_slot", type: "text", max: 10 },
      { name: "proposed_removal_date", type: "text", max: 10, pattern: DATE },
      { name: "proposed_removal_slot", type: "text", max: 10 },
      { name: "token_hash", type: "text", max: 64 },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_renewals_key_season` ON `renewals` (`email_key`, `season`)",
      "CREATE INDEX `idx_renewals_token_hash` ON `renewals` (`token_hash`)",
    ],
  );
  app.save(renewals);
  addField(app, "customers", new DateField({ name: "unsubscribed_at" }));
  addField(app, "mail_log", new JSONField({ name: "headers", maxSize: 4000 }));
  addRateLimits(app, RULES);
}, (app) => {
  removeRateLimits(app, RULES);
  app.delete(app.findCollectionByNameOrId("renewals"));
  removeField(app, "customers", "unsubscribed_at");
  removeField(app, "mail_log", "headers");
});
