/// <reference path="../pb_hooks/types/types.d.ts" />
// The maximum service distance (docs/architecture.md reading 16): checkout refuses addresses farther
// than this many miles from the base ZIP. A number in the settings key/value store, so the
// admin can change it without a release; pb_hooks/src/lib/settings.ts falls back to 60 when
// it is missing or not a number from 1 to 1000.
const KEY = "max_service_miles";

migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId("settings");
    try {
      app.findFirstRecordByData("settings", "key", KEY);
      return; // already set (e.g. by hand before this migration): keep the admin's value
    } catch {
      // not set yet
    }
    app.save(new Record(settings, { key: KEY, value: 60 }));
  },
  (app) => {
    try {
      app.delete(app.findFirstRecordByData("settings", "key", KEY));
    } catch {
      // already gone
    }
  },
);
