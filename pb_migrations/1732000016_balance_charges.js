/// <reference path="../pb_hooks/types/types.d.ts" />
// Balance and damage charges (docs/decisions/015, docs/architecture.md reading 12, docs/decisions/013):
// - one charge may hold the remaining balance and damages together (`kind`
//   balance_and_damages), with the two parts kept apart (`balance_amount`, `damages_amount`,
//   cents) so a Checkout link paid later reduces the balance by exactly its part, and the
//   server's priced damage lines (`damage_lines`);
// - the fingerprint of the request its Idempotency-Key was first used for (the same key with
//   another request is a 422), and keys as long as Stripe accepts (255);
// - the Checkout Session of a charge that needed the customer (unique, for the webhook);
// - when a request last started to call Stripe for it (`attempted_at`, our clock), so a charge
//   left `pending` by a request that died can be finished by a retry with its key.

migrate((app) => {
  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.getByName("kind").values = ["balance", "damages", "balance_and_damages"];
  charges.fields.getByName("idempotency_key").max = 255;
  charges.fields.add(new NumberField({ name: "balance_amount", onlyInt: true, min: 0 }));
  charges.fields.add(new NumberField({ name: "damages_amount", onlyInt: true, min: 0 }));
  charges.fields.add(new JSONField({ name: "damage_lines", maxSize: 5000 }));
  charges.fields.add(new TextField({ name: "request_fingerprint", max: 128 }));
  charges.fields.add(new TextField({ name: "stripe_checkout_session_id", max: 255 }));
  charges.fields.add(new DateField({ name: "attempted_at" }));
  charges.indexes.push(
    "CREATE UNIQUE INDEX `idx_charges_checkout_session` ON `charges` (`stripe_checkout_session_id`) WHERE `stripe_checkout_session_id` != ''",
    "CREATE INDEX `idx_charges_booking_status` ON `charges` (`booking`, `status`)",
  );
  app.save(charges);
}, (app) => {
  const charges = app.findCollectionByNameOrId("charges");
  for (const name of ["balance_amount", "damages_amount", "damage_lines", "request_fingerprint", "stripe_checkout_session_id", "attempted_at"]) {
    charges.fields.removeByName(name);
  }
  charges.indexes = charges.indexes.filter((i) => !/idx_charges_(checkout_session|booking_status)/.test(i));
  charges.fields.getByName("kind").values = ["balance", "damages"];
  charges.fields.getByName("idempotency_key").max = 100;
  app.save(charges);
});
