/// <reference path="../pb_hooks/types/types.d.ts" />
// The maximum service distance (docs/architecture.md reading 16): checkout refuses addresses farther
// than this many miles from the base ZIP. A number in the settings key/value store, so the
// admin can change it without a release; pb_hooks/src/lib/settings.ts falls back to 60 when
// it is missing or not a number from 1 to 1000.
const KEY = "max_service_miles";
const { ensureSetting, deleteSetting } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate(
  // Kept when already set (e.g. by hand before this migration): the admin's value stays.
  (app) => ensureSetting(app, KEY, 60),
  (app) => deleteSetting(app, KEY),
);
