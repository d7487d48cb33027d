/// <reference path="../pb_data/types.d.ts" />
// Public-facing site data: blocked dates, the settings key/value store (season windows,
// capacity, business details), anonymous analytics events and anonymous inspiration uploads.

const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const PUBLIC = "";
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";

migrate((app) => {
  app.save(baseCollection(
    "blocked_dates",
    { list: PUBLIC, view: PUBLIC, create: ADMIN, update: ADMIN, delete: ADMIN },
    [
      { name: "blocked_date", type: "text", required: true, max: 10, pattern: DATE },
      { name: "reason", type: "text", max: 200 },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_blocked_dates_date` ON `blocked_dates` (`blocked_date`)",
    ],
  ));

  const settings = baseCollection(
    "settings",
    { list: PUBLIC, view: PUBLIC, create: ADMIN, update: ADMIN, delete: ADMIN },
    [
      { name: "key", type: "text", required: true, max: 100 },
      { name: "value", type: "json", maxSize: 20000 },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_settings_key` ON `settings` (`key`)",
    ],
  );
  app.save(settings);
  // An empty season means "use the default month/day pattern for the season being sold".
  app.save(new Record(settings, { key: "season", value: {} }));
  app.save(new Record(settings, { key: "capacity", value: { crews: 1 } }));

  app.save(baseCollection(
    "analytics_events",
    {
      list: ADMIN,
      view: ADMIN,
      create: PUBLIC, // anonymous visitors record page views; rate-limited in app settings
    },
    [
      { name: "event_type", type: "select", required: true, maxSelect: 1, values: ["page_view", "share", "conversion"] },
      { name: "page_path", type: "text", required: true, max: 500 },
      { name: "referrer", type: "text", max: 1000 },
      { name: "utm_source", type: "text", max: 200 },
      { name: "utm_medium", type: "text", max: 200 },
      { name: "utm_campaign", type: "text", max: 200 },
      { name: "location_country", type: "text", max: 64 },
      { name: "device_type", type: "select", maxSelect: 1, values: ["tablet", "mobile", "desktop"] },
      { name: "browser", type: "select", maxSelect: 1, values: ["Firefox", "Chrome", "Safari", "Edge", "Other"] },
      { name: "session_id", type: "text", max: 100 },
      { name: "user_agent", type: "text", max: 500 },
      { name: "converted", type: "bool" },
      { name: "metadata", type: "json", maxSize: 2000 },
      ...timestamps(),
    ],
    [
      "CREATE INDEX `idx_analytics_created_at` ON `analytics_events` (`created_at`)",
      "CREATE INDEX `idx_analytics_type_created_at` ON `analytics_events` (`event_type`, `created_at`)",
    ],
  ));

  app.save(baseCollection(
    "inspiration_images",
    {
      list: null, // no enumeration of other visitors' uploads
      view: PUBLIC, // by id, so the file URL stored on a booking works
      create: PUBLIC, // anonymous upload from the booking wizard; rate-limited in app settings
      update: ADMIN,
      delete: ADMIN,
    },
    [
      {
        name: "image",
        type: "file",
        required: true,
        maxSelect: 1,
        maxSize: 5 * 1024 * 1024,
        mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/heic", "image/heif"],
      },
      { name: "original_name", type: "text", max: 255 },
      ...timestamps(),
    ],
  ));
}, (app) => {
  for (const name of ["inspiration_images", "analytics_events", "settings", "blocked_dates"]) {
    app.delete(app.findCollectionByNameOrId(name));
  }
});
