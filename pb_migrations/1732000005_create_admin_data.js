/// <reference path="../pb_data/types.d.ts" />
// Admin-only operational data: charges (balance and damages, each with a unique idempotency
// key), job events from the on-site offline outbox, and the log of every e-mail sent.

const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  const bookingsId = app.findCollectionByNameOrId("bookings").id;
  const staffId = app.findCollectionByNameOrId("staff").id;

  app.save(baseCollection(
    "charges",
    { list: ADMIN, view: ADMIN },
    [
      { name: "booking", type: "relation", required: true, collectionId: bookingsId, maxSelect: 1, cascadeDelete: true },
      { name: "kind", type: "select", maxSelect: 1, values: ["balance", "damages"] },
      // Required, because PocketBase applies min only to non-zero numbers.
      { name: "amount", type: "number", required: true, onlyInt: true, min: 1 },
      { name: "description", type: "text", max: 500 },
      { name: "idempotency_key", type: "text", required: true, max: 100 },
      { name: "status", type: "select", maxSelect: 1, values: ["pending", "succeeded", "failed", "requires_checkout"] },
      { name: "stripe_payment_intent_id", type: "text", max: 255 },
      { name: "checkout_url", type: "text", max: 2000 },
      { name: "error", type: "text", max: 1000 },
      { name: "created_by", type: "relation", collectionId: staffId, maxSelect: 1, cascadeDelete: false },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_charges_idempotency_key` ON `charges` (`idempotency_key`)",
      "CREATE INDEX `idx_charges_booking` ON `charges` (`booking`)",
    ],
  ));

  app.save(baseCollection(
    "job_events",
    { list: ADMIN, view: ADMIN, create: ADMIN },
    [
      { name: "booking", type: "relation", required: true, collectionId: bookingsId, maxSelect: 1, cascadeDelete: true },
      { name: "kind", type: "select", maxSelect: 1, values: ["note", "install_done", "removal_done"] },
      { name: "text", type: "text", max: 5000 },
      // Idempotency key made by the offline outbox: a replayed write hits the unique index.
      { name: "client_id", type: "text", required: true, max: 100 },
      { name: "occurred_at", type: "date" },
      { name: "created_by", type: "relation", collectionId: staffId, maxSelect: 1, cascadeDelete: false },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_job_events_client_id` ON `job_events` (`client_id`)",
      "CREATE INDEX `idx_job_events_booking` ON `job_events` (`booking`)",
    ],
  ));

  app.save(baseCollection(
    "mail_log",
    { list: ADMIN, view: ADMIN },
    [
      { name: "to", type: "text", max: 500 },
      { name: "subject", type: "text", max: 500 },
      { name: "kind", type: "text", max: 50 },
      { name: "body", type: "text", max: 100000 },
      { name: "attachments", type: "json" },
      { name: "status", type: "select", maxSelect: 1, values: ["sent", "logged", "failed"] },
      { name: "error", type: "text", max: 2000 },
      { name: "related_id", type: "text", max: 50 },
      ...timestamps(),
    ],
    [
      "CREATE INDEX `idx_mail_log_related_id` ON `mail_log` (`related_id`)",
    ],
  ));
}, (app) => {
  for (const name of ["mail_log", "job_events", "charges"]) {
    app.delete(app.findCollectionByNameOrId(name));
  }
});
