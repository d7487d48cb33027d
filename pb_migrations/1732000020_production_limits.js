/// <reference path="../pb_hooks/types/types.d.ts" />
// Production settings (docs/decisions/014-production.md):
// - per-IP limits on what guesses passwords or makes accounts: the first-admin route, staff and
//   superuser logins, and staff record updates (where a password is changed). Exact labels
//   match before the "/api/fn/" prefix rule and PocketBase's default "*:auth" rule. Behind a
//   proxy each customer has a budget of their own once TRUSTED_PROXY_HEADERS is set.
// - PocketBase's scheduled backups on: every day at 08:00 UTC, which is 03:00 in New York in
//   winter (the season) and 04:00 in summer; the last 14 are kept. Where they go (pb_data/backups
//   or S3-compatible storage) is set by BACKUP_S3_* at start (pb/settings_env.go).
const RULES = [
  { label: "POST /api/fn/setup-admin", audience: "", maxRequests: 5, duration: 600 },
  { label: "staff:auth", audience: "", maxRequests: 10, duration: 300 },
  { label: "_superusers:auth", audience: "", maxRequests: 10, duration: 300 },
  { label: "staff:update", audience: "", maxRequests: 10, duration: 300 },
];
const { withRateLimits, withoutRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = withRateLimits(settings.rateLimits.rules, RULES);
    settings.backups.cron = "0 8 * * *";
    settings.backups.cronMaxKeep = 14;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = withoutRateLimits(settings.rateLimits.rules, RULES);
    settings.backups.cron = "";
    settings.backups.cronMaxKeep = 3;
    app.save(settings);
  },
);
