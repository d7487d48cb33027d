/// <reference path="../pb_hooks/types/types.d.ts" />
// The addresses anonymous forms e-mailed per connection (pb_hooks/src/lib/anonymous-recipients.ts;
// docs/architecture.md "Anonymous forms' e-mails"): one row per (connection, address) for an
// hour, the address only as its SHA-256, so no form (waitlist join, consultation request,
// 'E-mail me my link') can send mail to more than a few different addresses from one
// connection. Hooks only: no API rule opens it.
const { baseCollection } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  const c = baseCollection(
    "anonymous_recipients",
    {},
    [
      { name: "client_ip", type: "text", required: true, max: 64 },
      { name: "address_hash", type: "text", required: true, max: 64 },
      { name: "at", type: "number", required: true, onlyInt: true },
    ],
    ["CREATE INDEX `idx_anonymous_recipients_ip_at` ON `anonymous_recipients` (`client_ip`, `at`)"],
  );
  app.save(c);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("anonymous_recipients"));
});
