/// <reference path="../pb_hooks/types/types.d.ts" />
// One stable manage link per booking (docs/decisions/027, pb_hooks/src/lib/booking-store/manage-links.ts):
// - server_secrets: the server's own secrets, no API rules (superusers and the hooks only; the
//   admin's staff API cannot list them). Row `manage_links` holds the key the links' tokens are
//   derived from (HMAC-SHA256 of the booking's id and link version), made here once.
// - bookings.link_version: raised when the owner sends a fresh link, which ends the old one.
// - a per-IP limit for guests on "e-mail me my link" (POST /api/fn/my-booking/send-link), besides
//   its per-address limit counted in mail_log (lib/my-booking/send-link-route.ts).
const RULES = [
  { label: "POST /api/fn/my-booking/send-link", audience: "@guest", maxRequests: 5, duration: 600 },
];
const { baseCollection, addField, removeField, addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "bookings", new NumberField({ name: "link_version", onlyInt: true, min: 0 }));

  const secrets = baseCollection(
    "server_secrets",
    {},
    [
      { name: "key", type: "text", required: true, max: 50 },
      { name: "value", type: "text", required: true, max: 200, hidden: true },
    ],
    ["CREATE UNIQUE INDEX `idx_server_secrets_key` ON `server_secrets` (`key`)"],
  );
  app.save(secrets);
  const row = new Record(secrets);
  row.set("key", "manage_links");
  row.set("value", $security.randomString(64));
  app.save(row);

  addRateLimits(app, RULES);
}, (app) => {
  removeRateLimits(app, RULES);
  app.delete(app.findCollectionByNameOrId("server_secrets"));
  removeField(app, "bookings", "link_version");
});
