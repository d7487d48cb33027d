/// <reference path="../pb_hooks/types/types.d.ts" />
// The customers' minimum notice and the travel buffer (domain/schedule/notice.ts,
// domain/schedule/travel-buffer.ts): two rows of the settings key/value store, so the owner
// can change them in Settings without a release. pb_hooks/src/lib/settings.ts falls back to the
// same defaults (48 hours before a visit of any package, 24 before a consultation, 30 minutes
// of buffer) when a row is missing or malformed. The admin may update them like the other
// editable settings (1732000014, 1732000180); the record hook checks their values
// (domain/admin/site-settings.ts).
const { setSettingsKeys, ensureSetting, deleteSetting } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const BEFORE = ["season", "capacity", "max_service_miles", "google_review_url"];
const AFTER = [...BEFORE, "notice", "travel_buffer_minutes"];
const ROWS = [
  [
    "notice",
    {
      visit_hours: { "adorned-arrangement": 48, "elevated-arbor": 48, "curated-christmas": 48 },
      consultation_hours: 24,
    },
  ],
  ["travel_buffer_minutes", 30],
];

migrate(
  (app) => {
    // A row already set keeps the owner's value.
    for (const [key, value] of ROWS) ensureSetting(app, key, value);
    setSettingsKeys(app, AFTER);
  },
  (app) => {
    setSettingsKeys(app, BEFORE);
    for (const [key] of ROWS) deleteSetting(app, key);
  },
);
