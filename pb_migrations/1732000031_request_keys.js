/// <reference path="../pb_hooks/types/types.d.ts" />
// Idempotency-Keys of admin actions that have no row of their own to hold the key (docs/decisions/016,
// docs/decisions/016): today send-review-request, which the offline outbox may send more than
// once. One row per key: the route it was used on, the fingerprint of the request it was first
// used for (another request under the same key is a 422) and the first answer, which a replay
// gets back instead of a second e-mail; `done` once the answer is complete (the e-mail sent).
// Written only by the hooks (no API rules: superusers only). (charges and job_events keep their
// keys on their own rows.)
const { baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  app.save(baseCollection(
    "request_keys",
    {},
    [
      { name: "key", type: "text", required: true, max: 255 },
      { name: "route", type: "text", required: true, max: 100 },
      { name: "request_fingerprint", type: "text", max: 128 },
      { name: "answer", type: "json", maxSize: 20000 },
      // False until the action's side effects outside its transaction (the e-mail) are done.
      { name: "done", type: "bool" },
      // When the first request wrote the key (wall clock, not APP_NOW): a key left not done for
      // a minute belongs to a request that died, and a replay completes it.
      { name: "written_at", type: "date" },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_request_keys_key` ON `request_keys` (`key`)",
      "CREATE INDEX `idx_request_keys_created_at` ON `request_keys` (`created_at`)",
    ],
  ));
}, (app) => {
  app.delete(app.findCollectionByNameOrId("request_keys"));
});
