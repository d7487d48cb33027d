/// <reference path="../pb_hooks/types/types.d.ts" />
// One ledger (docs/decisions/045-one-ledger-one-lifecycle.md): a charge's money may be refunded
// by the way it came in. `refund_status`: pending (a card refund queued for Stripe), succeeded,
// failed, to_return (cash, a check or another way: the owner gives it back by hand), returned
// (the owner marked it given back); `refund_amount` in cents (0: the whole charge), the Stripe
// refund's id and when it was made or returned. A booking's deposit refund has the same states
// in `deposit_refund` (its Stripe id and time stay `refund_id`, `refunded_at`); `payment_status`
// stays the summary the lists show.
migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new SelectField({ name: "deposit_refund", maxSelect: 1, values: ["pending", "succeeded", "failed", "to_return", "returned"] }));
  app.save(bookings);
  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.add(new SelectField({ name: "refund_status", maxSelect: 1, values: ["pending", "succeeded", "failed", "to_return", "returned"] }));
  charges.fields.add(new NumberField({ name: "refund_amount", onlyInt: true, min: 0 }));
  charges.fields.add(new TextField({ name: "refund_id", max: 255 }));
  charges.fields.add(new DateField({ name: "refunded_at" }));
  app.save(charges);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.removeByName("deposit_refund");
  app.save(bookings);
  const charges = app.findCollectionByNameOrId("charges");
  for (const name of ["refund_status", "refund_amount", "refund_id", "refunded_at"]) charges.fields.removeByName(name);
  app.save(charges);
});
