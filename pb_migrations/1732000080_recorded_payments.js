/// <reference path="../pb_hooks/types/types.d.ts" />
// Payments the owner records at the door (docs/decisions/030): a `charges` row of kind
// `balance` whose `method` is cash, check or other ('' for a card or link charge through
// Stripe), with the check's number, a note, and who recorded it (`created_by`). A payment
// recorded by mistake is `voided` with a reason, by whom and when, and its amount is due again.
migrate((app) => {
  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.getByName("status").values = ["pending", "processing", "succeeded", "failed", "requires_checkout", "voided"];
  charges.fields.add(new SelectField({ name: "method", maxSelect: 1, values: ["cash", "check", "other"] }));
  charges.fields.add(new TextField({ name: "check_number", max: 40 }));
  charges.fields.add(new TextField({ name: "note", max: 500 }));
  charges.fields.add(new DateField({ name: "voided_at" }));
  charges.fields.add(new TextField({ name: "void_reason", max: 500 }));
  charges.fields.add(new TextField({ name: "voided_by", max: 15 }));
  app.save(charges);
}, (app) => {
  const charges = app.findCollectionByNameOrId("charges");
  for (const name of ["method", "check_number", "note", "voided_at", "void_reason", "voided_by"]) charges.fields.removeByName(name);
  charges.fields.getByName("status").values = ["pending", "processing", "succeeded", "failed", "requires_checkout"];
  app.save(charges);
});
