/// <reference path="../pb_hooks/types/types.d.ts" />
// The admin's offline mirror pulls every collection it reads by (updated_at, id) (docs/architecture.md
// "Admin data and sync"): an index on both for each, and `tombstones`, one row per deleted
// admin-readable record (written by a record hook in the delete's transaction), so a pull can
// delete what the server no longer has. Admin may list and view tombstones; nobody writes them
// through the API. Old rows are purged by a daily job.

const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';
const MIRRORED = ["bookings", "consultation_requests", "testimonials", "charges", "job_events"];
const indexName = (name) => `idx_${name}_updated_at_id`;
const indexSql = (name) => `CREATE INDEX \`${indexName(name)}\` ON \`${name}\` (\`updated_at\`, \`id\`)`;

migrate((app) => {
  for (const name of MIRRORED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.indexes.push(indexSql(name));
    app.save(collection);
  }

  app.save(new Collection({
    type: "base",
    name: "tombstones",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "collection_name", type: "text", required: true, max: 100 },
      { name: "record_id", type: "text", required: true, max: 100 },
      // The server clock's time of the deletion (APP_NOW in tests); what the purge reads.
      { name: "deleted_at", type: "date", required: true },
      { name: "created_at", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated_at", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      indexSql("tombstones"),
      "CREATE INDEX `idx_tombstones_deleted_at` ON `tombstones` (`deleted_at`)",
    ],
  }));
}, (app) => {
  app.delete(app.findCollectionByNameOrId("tombstones"));
  for (const name of MIRRORED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.indexes = collection.indexes.filter((i) => !i.includes(indexName(name)));
    app.save(collection);
  }
});
