/// <reference path="../pb_hooks/types/types.d.ts" />
// The admin's offline mirror pulls every collection it reads by (updated_at, id) (docs/architecture.md
// "Admin data and sync"): an index on both for each, and `tombstones`, one row per deleted
// admin-readable record (written by a record hook in the delete's transaction), so a pull can
// delete what the server no longer has. Admin may list and view tombstones; nobody writes them
// through the API. Old rows are purged by a daily job.

const { ADMIN, baseCollection, timestamps, syncIndex } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const MIRRORED = ["bookings", "consultation_requests", "testimonials", "charges", "job_events"];
const indexName = (name) => `idx_${name}_updated_at_id`;

migrate((app) => {
  for (const name of MIRRORED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.indexes.push(syncIndex(name));
    app.save(collection);
  }

  app.save(baseCollection(
    "tombstones",
    { list: ADMIN, view: ADMIN },
    [
      { name: "collection_name", type: "text", required: true, max: 100 },
      { name: "record_id", type: "text", required: true, max: 100 },
      // The server clock's time of the deletion (APP_NOW in tests); what the purge reads.
      { name: "deleted_at", type: "date", required: true },
      ...timestamps(),
    ],
    [
      syncIndex("tombstones"),
      "CREATE INDEX `idx_tombstones_deleted_at` ON `tombstones` (`deleted_at`)",
    ],
  ));
}, (app) => {
  app.delete(app.findCollectionByNameOrId("tombstones"));
  for (const name of MIRRORED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.indexes = collection.indexes.filter((i) => !i.includes(indexName(name)));
    app.save(collection);
  }
});
