/// <reference path="../pb_hooks/types/types.d.ts" />
// erasures: the record of each erasure of a customer's personal data (POST
// /api/fn/admin-customers/erase, pb_hooks/src/lib/customers/erase-customer-route.ts): who
// (the owner's staff id, or a superuser's), when, and how many records of each collection changed. It holds no
// e-mail, no name and no hash of either, so the record of an erasure is not itself personal
// data. No API rules: superusers only.
const { baseCollection, createdAt } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  const erasures = baseCollection(
    "erasures",
    {},
    [
      { name: "erased_by", type: "text", required: true, max: 64 },
      { name: "erased_at", type: "date", required: true },
      { name: "counts", type: "json", maxSize: 4000 },
      ...createdAt(),
    ],
    ["CREATE INDEX `idx_erasures_erased_at` ON `erasures` (`erased_at`)"],
  );
  app.save(erasures);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("erasures"));
});
