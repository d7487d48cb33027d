/// <reference path="../pb_data/types.d.ts" />
// App settings: the app name and PocketBase's built-in rate limiter, with tighter limits on the
// two collections anonymous visitors may write to. /api/fn/ (the booking routes) gets an
// effectively unlimited rule: prefix rules match in list order, so it must come before "/api/"
// (which would otherwise cap it at 300 per 10 s per IP).

// PocketBase v0.39 defaults (core/settings_model.go newDefaultSettings), kept as they are.
const DEFAULT_RULES = [
  { label: "*:auth", audience: "", maxRequests: 2, duration: 3 },
  { label: "*:create", audience: "", maxRequests: 20, duration: 5 },
  { label: "/api/batch", audience: "", maxRequests: 3, duration: 1 },
  { label: "/api/", audience: "", maxRequests: 300, duration: 10 },
];

migrate((app) => {
  const settings = app.settings();
  settings.meta.appName = "Thoughtfully Adorned";
  settings.rateLimits.enabled = true;
  settings.rateLimits.rules = [
    { label: "analytics_events:create", audience: "@guest", maxRequests: 60, duration: 60 },
    { label: "inspiration_images:create", audience: "@guest", maxRequests: 30, duration: 600 },
    { label: "/api/fn/", audience: "", maxRequests: 1000000, duration: 1 },
    ...DEFAULT_RULES,
  ];
  app.save(settings);
}, (app) => {
  const settings = app.settings();
  settings.meta.appName = "Acme";
  settings.rateLimits.enabled = false;
  settings.rateLimits.rules = DEFAULT_RULES;
  app.save(settings);
});
