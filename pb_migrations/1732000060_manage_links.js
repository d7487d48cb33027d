/// <reference path="../pb_hooks/types/types.d.ts" />
// The customer's manage-booking links (docs/decisions/027):
// - booking_links: one row per link an e-mail carried, holding only the SHA-256 of its random
//   token, when it expires (the booking's last visit plus 30 days) and when a change made with
//   any of the booking's links revoked it. Deleted with the booking. Written only by the hooks
//   (no API rules: superusers only).
// - bookings.ics_sequence: the SEQUENCE of the visits' calendar events, raised by every change
//   so calendar apps replace the earlier copy (same UID).
// - job_events may record `customer_change` (a move or a cancellation made through the link)
//   and `reminder_sent` (a visit reminder went out), shown in the booking's history in the admin;
// - mail_log rows may end `skipped`: a visit reminder whose visit moved, was cancelled or was
//   done before it could be sent (docs/decisions/028).
// - per-IP limits on the link's routes for guests, so a token cannot be guessed by volume
//   (256 bits make that hopeless anyway) and a link cannot be used to hammer Stripe.
const LINK_RULES = [
  { label: "POST /api/fn/my-booking", audience: "@guest", maxRequests: 30, duration: 60 },
  { label: "POST /api/fn/my-booking/move", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/my-booking/cancel", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/my-booking/pay-balance", audience: "@guest", maxRequests: 10, duration: 600 },
];
const { linkCollection, addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addRateLimits(app, LINK_RULES);

  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new NumberField({ name: "ics_sequence", onlyInt: true, min: 0 }));
  app.save(bookings);

  app.save(linkCollection("booking_links", "booking", bookings.id));

  const events = app.findCollectionByNameOrId("job_events");
  events.fields.getByName("kind").values = ["note", "install_done", "removal_done", "photo", "customer_change", "reminder_sent"];
  app.save(events);

  const mail = app.findCollectionByNameOrId("mail_log");
  mail.fields.getByName("status").values = ["queued", "sending", "sent", "logged", "failed", "skipped"];
  app.save(mail);
}, (app) => {
  const mail = app.findCollectionByNameOrId("mail_log");
  mail.fields.getByName("status").values = ["queued", "sending", "sent", "logged", "failed"];
  app.save(mail);
  removeRateLimits(app, LINK_RULES);
  const events = app.findCollectionByNameOrId("job_events");
  events.fields.getByName("kind").values = ["note", "install_done", "removal_done", "photo"];
  app.save(events);
  app.delete(app.findCollectionByNameOrId("booking_links"));
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.removeByName("ics_sequence");
  app.save(bookings);
});
