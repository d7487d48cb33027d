/// <reference path="../pb_data/types.d.ts" />
// Consultation requests: created only by the consultation-request route; admins manage them.
// The partial unique index makes a taken (date, slot) impossible to book twice while the
// earlier request is not cancelled.

const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const SLOT = "^\\d{2}:\\d{2}$";

migrate((app) => {
  const consultations = baseCollection(
    "consultation_requests",
    { list: ADMIN, view: ADMIN, update: ADMIN, delete: ADMIN },
    [
      { name: "customer_name", type: "text", required: true, max: 100 },
      { name: "customer_email", type: "email", required: true },
      { name: "customer_phone", type: "text", required: true, max: 20 },
      { name: "customer_address", type: "text", required: true, max: 500 },
      { name: "consultation_date", type: "text", required: true, max: 10, pattern: DATE },
      { name: "consultation_time_slot", type: "text", required: true, max: 5, pattern: SLOT },
      { name: "notes", type: "text", max: 2000 },
      { name: "status", type: "select", maxSelect: 1, values: ["pending", "confirmed", "completed", "cancelled"] },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_consultations_slot_taken` ON `consultation_requests` (`consultation_date`, `consultation_time_slot`) WHERE `status` != 'cancelled'",
    ],
  );

  app.save(consultations);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("consultation_requests"));
});
