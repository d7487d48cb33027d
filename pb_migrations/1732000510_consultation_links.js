/// <reference path="../pb_hooks/types/types.d.ts" />
// A stable manage link per consultation (pb_hooks/src/lib/consultations/consultation-links.ts,
// derived as a booking's is, docs/decisions/051):
// - consultation_requests.link_version: the version its token is derived from (the HMAC of
//   "consultation:<id>:<version>" under server_secrets' manage_links key);
// - consultation_links: the SHA-256 of each token and its expiry (7 days after the
//   consultation), no API rules (hooks and superusers only). Its own collection, not a
//   `consultation` relation on booking_links: booking_links.booking stays required, and a
//   token found in one table can never open a record of the other.
// - per-IP limits for guests on its routes, as the booking's link has (1732000060_manage_links.js).
const RULES = [
  { label: "POST /api/fn/my-consultation", audience: "@guest", maxRequests: 30, duration: 60 },
  { label: "POST /api/fn/my-consultation/move", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/my-consultation/cancel", audience: "@guest", maxRequests: 10, duration: 600 },
];
const { linkCollection, addField, removeField, addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "consultation_requests", new NumberField({ name: "link_version", onlyInt: true, min: 0 }));
  app.save(linkCollection("consultation_links", "consultation", app.findCollectionByNameOrId("consultation_requests").id));
  addRateLimits(app, RULES);
}, (app) => {
  removeRateLimits(app, RULES);
  app.delete(app.findCollectionByNameOrId("consultation_links"));
  removeField(app, "consultation_requests", "link_version");
});
