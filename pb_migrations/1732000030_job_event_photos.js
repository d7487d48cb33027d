/// <reference path="../pb_hooks/types/types.d.ts" />
// On-site actions from the admin's offline outbox (docs/decisions/016, docs/architecture.md "Admin data and sync",
// docs/decisions/016):
// - job_events gain kind `photo` with a `photo` file (one image, at most 8 MB, protected: a
//   download needs an admin's file token, since the collection's view rule is admin-only), and
//   the fingerprint of the request their client id was first used for (hidden; the same id
//   with another action is a 422);
// - job_events are created only by POST /api/fn/job-events (createRule null), which applies a
//   done mark to its booking in the same transaction, so no direct create can skip that;
// - bookings gain the done marks `install_done_at` / `removal_done_at` (the first mark's time
//   wins) and the admin's own editable note `admin_notes` with the client time of its last edit
//   `admin_notes_updated_at` (the later edit wins, compared on the server). `notes` stays the
//   customer's.

migrate((app) => {
  const events = app.findCollectionByNameOrId("job_events");
  events.createRule = null;
  events.fields.getByName("kind").values = ["note", "install_done", "removal_done", "photo"];
  events.fields.add(new FileField({
    name: "photo",
    maxSelect: 1,
    maxSize: 8 * 1024 * 1024,
    mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"],
    thumbs: ["480x0"],
    protected: true,
  }));
  events.fields.add(new TextField({ name: "request_fingerprint", max: 128, hidden: true }));
  app.save(events);

  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new DateField({ name: "install_done_at" }));
  bookings.fields.add(new DateField({ name: "removal_done_at" }));
  bookings.fields.add(new TextField({ name: "admin_notes", max: 5000 }));
  bookings.fields.add(new DateField({ name: "admin_notes_updated_at" }));
  app.save(bookings);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  for (const name of ["install_done_at", "removal_done_at", "admin_notes", "admin_notes_updated_at"]) bookings.fields.removeByName(name);
  app.save(bookings);

  const events = app.findCollectionByNameOrId("job_events");
  events.fields.removeByName("photo");
  events.fields.removeByName("request_fingerprint");
  events.fields.getByName("kind").values = ["note", "install_done", "removal_done"];
  events.createRule = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';
  app.save(events);
});
