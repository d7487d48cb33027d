/// <reference path="../pb_hooks/types/types.d.ts" />
// Published reviews show the first name and last initial (docs/product.md §2 Testimonials): the
// name is kept in `testimonials.public_name` (set on every save by a record hook,
// pb_hooks/src/lib/reviews/public-name-hooks.ts) and the public view exposes it as
// `customer_name`, so a full name never reaches a visitor. Existing rows get theirs here, with
// the rule of domain/reviews/reviews.ts publicReviewerName (a migration cannot import it).
migrate((app) => {
  const testimonials = app.findCollectionByNameOrId("testimonials");
  testimonials.fields.add(new TextField({ name: "public_name", max: 120 }));
  app.save(testimonials);

  const publicName = (full) => {
    const words = String(full || "").trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return "";
    if (words.length === 1) return words[0];
    const initial = Array.from(words[words.length - 1])[0].toLocaleUpperCase("en-US");
    return `${words[0]} ${initial}.`;
  };
  for (const rec of app.findAllRecords("testimonials")) {
    rec.set("public_name", publicName(rec.getString("customer_name")));
    app.saveNoValidate(rec);
  }

  const view = app.findCollectionByNameOrId("public_testimonials");
  view.viewQuery = `
    SELECT id, public_name AS customer_name, rating, review_text, package_type, tree_size, service_date,
           review_stage, is_featured, approved_at, created_at
    FROM testimonials
    WHERE is_approved = TRUE AND submitted_at != ''
  `;
  app.save(view);
}, (app) => {
  const view = app.findCollectionByNameOrId("public_testimonials");
  view.viewQuery = `
    SELECT id, customer_name, rating, review_text, package_type, tree_size, service_date,
           review_stage, is_featured, approved_at, created_at
    FROM testimonials
    WHERE is_approved = TRUE AND submitted_at != ''
  `;
  app.save(view);
  const testimonials = app.findCollectionByNameOrId("testimonials");
  testimonials.fields.removeByName("public_name");
  app.save(testimonials);
});
