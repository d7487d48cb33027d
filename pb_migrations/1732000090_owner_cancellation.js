/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner cancels a booking from the admin (docs/decisions/032):
// - bookings.cancel_reason may be `owner_cancelled`;
// - job_events may record `owner_change` (shown in the booking's history as a change made in
//   the admin, next to the customer's own changes).
const REASONS = ["hold_expired", "customer_cancelled", "replaced", "checkout_failed"];
const KINDS = ["note", "install_done", "removal_done", "photo", "customer_change", "reminder_sent"];

migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.getByName("cancel_reason").values = [...REASONS, "owner_cancelled"];
  app.save(bookings);
  const events = app.findCollectionByNameOrId("job_events");
  events.fields.getByName("kind").values = [...KINDS, "owner_change"];
  app.save(events);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.getByName("cancel_reason").values = REASONS;
  app.save(bookings);
  const events = app.findCollectionByNameOrId("job_events");
  events.fields.getByName("kind").values = KINDS;
  app.save(events);
});
