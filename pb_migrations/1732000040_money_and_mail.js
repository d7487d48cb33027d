/// <reference path="../pb_hooks/types/types.d.ts" />
// Money and mail that hold when things go wrong (docs/decisions/021):
// - mail_log becomes the mail outbox: every e-mail is queued (`queued`) in the transaction of
//   the change that causes it, under a unique `key` (kind, record, version), with everything
//   needed to send it later (`html`, `attachment_data`), then sent (`sending` while claimed by
//   one process, `sent`, or `logged` without SMTP) or retried with backoff (`attempts`, `next_attempt_at`,
//   wall clock) until it is given up (`failed`) a day after it was queued;
// - charges can be `processing` (the bank has not confirmed yet: the balance stays due), and
//   remember when they were first requested on our clock (`requested_at`), since Stripe forgets
//   idempotency keys after 24 hours;
// - bookings carry a dispute flag (`dispute_id`, `disputed_at`) and the last e-mail about them
//   that could not be delivered (`mail_problem`), both pulled by the admin's mirror.

migrate((app) => {
  const mail = app.findCollectionByNameOrId("mail_log");
  mail.fields.getByName("status").values = ["queued", "sending", "sent", "logged", "failed"];
  mail.fields.add(new TextField({ name: "key", max: 255 }));
  mail.fields.add(new TextField({ name: "html", max: 200000 }));
  mail.fields.add(new JSONField({ name: "attachment_data", maxSize: 500000 }));
  mail.fields.add(new NumberField({ name: "attempts", onlyInt: true, min: 0 }));
  mail.fields.add(new DateField({ name: "next_attempt_at" }));
  mail.fields.add(new DateField({ name: "claimed_at" }));
  // The process that claimed a row for sending: a row claimed by an earlier process is stale.
  mail.fields.add(new TextField({ name: "claimed_by", max: 64 }));
  mail.fields.add(new DateField({ name: "queued_at" }));
  mail.fields.add(new DateField({ name: "sent_at" }));
  mail.indexes.push(
    "CREATE UNIQUE INDEX `idx_mail_log_key` ON `mail_log` (`key`) WHERE `key` != ''",
    "CREATE INDEX `idx_mail_log_status_next` ON `mail_log` (`status`, `next_attempt_at`)",
  );
  app.save(mail);

  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.getByName("status").values = ["pending", "processing", "succeeded", "failed", "requires_checkout"];
  charges.fields.add(new DateField({ name: "requested_at" }));
  charges.indexes.push("CREATE INDEX `idx_charges_status` ON `charges` (`status`)");
  app.save(charges);

  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new TextField({ name: "dispute_id", max: 255 }));
  bookings.fields.add(new DateField({ name: "disputed_at" }));
  bookings.fields.add(new TextField({ name: "mail_problem", max: 1000 }));
  app.save(bookings);
}, (app) => {
  const mail = app.findCollectionByNameOrId("mail_log");
  for (const name of ["key", "html", "attachment_data", "attempts", "next_attempt_at", "claimed_at", "claimed_by", "queued_at", "sent_at"]) {
    mail.fields.removeByName(name);
  }
  mail.indexes = mail.indexes.filter((i) => !/idx_mail_log_(key|status_next)/.test(i));
  mail.fields.getByName("status").values = ["sent", "logged", "failed"];
  app.save(mail);

  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.removeByName("requested_at");
  charges.indexes = charges.indexes.filter((i) => !/idx_charges_status`/.test(i));
  charges.fields.getByName("status").values = ["pending", "succeeded", "failed", "requires_checkout"];
  app.save(charges);

  const bookings = app.findCollectionByNameOrId("bookings");
  for (const name of ["dispute_id", "disputed_at", "mail_problem"]) bookings.fields.removeByName(name);
  app.save(bookings);
});
