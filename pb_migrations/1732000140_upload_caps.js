/// <reference path="../pb_hooks/types/types.d.ts" />
// Bounded uploads (docs/decisions/042-bounded-uploads.md). Each inspiration image keeps what the
// caps and the orphan job count, set by the create hook from the request, never from the
// client's fields, and hidden like original_name (only superusers read them):
// - `size`: the file's bytes (the address's hourly and the site's daily budgets add them up);
// - `wizard`: the booking wizard's id the upload came from ('' for an admin's or superuser's
//   upload, which is never capped); at most 10 uploads per wizard;
// - `client_ip`: the uploader's address as PocketBase's RealIP sees it (behind
//   TRUSTED_PROXY_HEADERS, the customer's);
// - `uploaded_at`: when, on the server clock (APP_NOW in tests), so the budgets' windows and the
//   orphan job's 24 hours are measured on the clock tests can set. Existing uploads take their
//   created_at (their size stays 0: they are older than any window).
// Indexes serve the three sums and the orphan job's scan by age.

const FIELDS = ["size", "wizard", "client_ip", "uploaded_at"];

migrate((app) => {
  const images = app.findCollectionByNameOrId("inspiration_images");
  images.fields.add(new NumberField({ name: "size", onlyInt: true, min: 0, hidden: true }));
  images.fields.add(new TextField({ name: "wizard", max: 100, hidden: true }));
  images.fields.add(new TextField({ name: "client_ip", max: 100, hidden: true }));
  images.fields.add(new DateField({ name: "uploaded_at", hidden: true }));
  images.indexes.push(
    "CREATE INDEX `idx_inspiration_images_wizard` ON `inspiration_images` (`wizard`)",
    "CREATE INDEX `idx_inspiration_images_ip_uploaded` ON `inspiration_images` (`client_ip`, `uploaded_at`)",
    "CREATE INDEX `idx_inspiration_images_uploaded` ON `inspiration_images` (`uploaded_at`)",
  );
  app.save(images);
  app.db().newQuery("UPDATE inspiration_images SET uploaded_at = created_at WHERE uploaded_at = '' OR uploaded_at IS NULL").execute();
}, (app) => {
  const images = app.findCollectionByNameOrId("inspiration_images");
  images.indexes = images.indexes.filter((i) => !/idx_inspiration_images_(wizard|ip_uploaded|uploaded)/.test(i));
  for (const name of FIELDS) images.fields.removeByName(name);
  app.save(images);
});
