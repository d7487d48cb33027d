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
const LABELS = RULES.map((r) => r.label);

migrate((app) => {
  const requests = app.findCollectionByNameOrId("consultation_requests");
  requests.fields.add(new NumberField({ name: "link_version", onlyInt: true, min: 0 }));
  app.save(requests);

  const links = new Collection({
    type: "base",
    name: "consultation_links",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "consultation", type: "relation", required: true, collectionId: requests.id, cascadeDelete: true, maxSelect: 1 },
      { name: "token_hash", type: "text", required: true, max: 64 },
      { name: "expires_at", type: "date", required: true },
      { name: "revoked_at", type: "date" },
      { name: "created_at", type: "autodate", onCreate: true, onUpdate: false },
    ],
    indexes: [
      "CREATE UNIQUE INDEX `idx_consultation_links_token_hash` ON `consultation_links` (`token_hash`)",
      "CREATE INDEX `idx_consultation_links_consultation` ON `consultation_links` (`consultation`)",
    ],
  });
  app.save(links);

  const settings = app.settings();
  settings.rateLimits.rules = [...RULES, ...settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label))];
  app.save(settings);
}, (app) => {
  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label));
  app.save(settings);
  app.delete(app.findCollectionByNameOrId("consultation_links"));
  const requests = app.findCollectionByNameOrId("consultation_requests");
  requests.fields.removeByName("link_version");
  app.save(requests);
});
