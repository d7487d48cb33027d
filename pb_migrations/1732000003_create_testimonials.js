/// <reference path="../pb_data/types.d.ts" />
// Testimonials (admin-only; written by the review routes) and public_testimonials, a view with
// approved, submitted rows and safe columns only (no e-mail, token or booking link).

const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");

  const testimonials = baseCollection(
    "testimonials",
    { list: ADMIN, view: ADMIN, update: ADMIN, delete: ADMIN },
    [
      { name: "customer_name", type: "text", max: 100 },
      { name: "customer_email", type: "email" },
      { name: "booking", type: "relation", collectionId: bookings.id, maxSelect: 1, cascadeDelete: false },
      // Not required, so a placeholder created with the review link may hold 0 until submitted
      // (PocketBase skips min/max for a 0 in a non-required number field).
      { name: "rating", type: "number", onlyInt: true, min: 1, max: 5 },
      { name: "review_text", type: "text", max: 5000 },
      { name: "package_type", type: "text", max: 50 },
      { name: "tree_size", type: "text", max: 20 },
      { name: "service_date", type: "text", max: 10 },
      { name: "review_stage", type: "select", maxSelect: 1, values: ["post_install", "post_removal"] },
      { name: "is_approved", type: "bool" },
      { name: "approved_at", type: "date" },
      { name: "is_featured", type: "bool" },
      { name: "admin_response", type: "text", max: 2000 },
      { name: "review_token", type: "text", max: 100 },
      { name: "token_expires_at", type: "date" },
      { name: "submitted_at", type: "date" },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_testimonials_review_token` ON `testimonials` (`review_token`) WHERE `review_token` != ''",
      "CREATE UNIQUE INDEX `idx_testimonials_booking_stage` ON `testimonials` (`booking`, `review_stage`) WHERE `booking` != ''",
    ],
  );
  app.save(testimonials);

  // Bool fields are stored as 0/1 and empty date fields as '' in PocketBase's SQLite.
  const publicTestimonials = new Collection({
    type: "view",
    name: "public_testimonials",
    listRule: "",
    viewRule: "",
    viewQuery: `
      SELECT id, customer_name, rating, review_text, package_type, tree_size, service_date,
             review_stage, is_featured, approved_at, created_at
      FROM testimonials
      WHERE is_approved = TRUE AND submitted_at != ''
    `,
  });
  app.save(publicTestimonials);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("public_testimonials"));
  app.delete(app.findCollectionByNameOrId("testimonials"));
});
