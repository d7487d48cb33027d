/// <reference path="../pb_hooks/types/types.d.ts" />
// One owner per slot by every path (docs/decisions/010, docs/architecture.md reading 15):
// - bookings gain `payment_conflict` (a payment arrived for a booking that could no longer own
//   its slot) and the refund states `refund_pending` / `refunded`, with why a hold ended
//   (`cancel_reason`), the refund's id and time;
// - the checkout's Idempotency-Key (unique), the fingerprint of the request it was used for,
//   the wizard that made it (a newer checkout from the same wizard replaces its hold), the
//   checkout URL (returned again on a replay) and the caller's IP (unpaid holds are capped);
// - consultation requests keep the caller's IP (pending requests are capped).

migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.getByName("status").values = ["pending", "pending_payment", "confirmed", "completed", "cancelled", "payment_conflict"];
  bookings.fields.getByName("payment_status").values = ["pending", "deposit_paid", "paid", "refund_pending", "refunded"];
  bookings.fields.add(new SelectField({ name: "cancel_reason", maxSelect: 1, values: ["hold_expired", "customer_cancelled", "replaced", "checkout_failed"] }));
  bookings.fields.add(new TextField({ name: "refund_id", max: 255 }));
  bookings.fields.add(new DateField({ name: "refunded_at" }));
  bookings.fields.add(new TextField({ name: "idempotency_key", max: 255 }));
  bookings.fields.add(new TextField({ name: "request_fingerprint", max: 128 }));
  bookings.fields.add(new TextField({ name: "wizard_id", max: 100 }));
  bookings.fields.add(new TextField({ name: "checkout_url", max: 2000 }));
  bookings.fields.add(new TextField({ name: "client_ip", max: 64 }));
  bookings.indexes.push(
    "CREATE UNIQUE INDEX `idx_bookings_idempotency_key` ON `bookings` (`idempotency_key`) WHERE `idempotency_key` != ''",
    "CREATE INDEX `idx_bookings_hold_owner` ON `bookings` (`status`, `client_ip`)",
    "CREATE INDEX `idx_bookings_wizard` ON `bookings` (`wizard_id`)",
  );
  app.save(bookings);

  const consultations = app.findCollectionByNameOrId("consultation_requests");
  consultations.fields.add(new TextField({ name: "client_ip", max: 64 }));
  consultations.indexes.push("CREATE INDEX `idx_consultations_pending_owner` ON `consultation_requests` (`status`, `client_ip`)");
  app.save(consultations);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  for (const name of ["cancel_reason", "refund_id", "refunded_at", "idempotency_key", "request_fingerprint", "wizard_id", "checkout_url", "client_ip"]) {
    bookings.fields.removeByName(name);
  }
  bookings.indexes = bookings.indexes.filter((i) => !/idx_bookings_(idempotency_key|hold_owner|wizard)/.test(i));
  bookings.fields.getByName("status").values = ["pending", "pending_payment", "confirmed", "completed", "cancelled"];
  bookings.fields.getByName("payment_status").values = ["pending", "deposit_paid", "paid"];
  app.save(bookings);
  const consultations = app.findCollectionByNameOrId("consultation_requests");
  consultations.fields.removeByName("client_ip");
  consultations.indexes = consultations.indexes.filter((i) => !/idx_consultations_pending_owner/.test(i));
  app.save(consultations);
});
