/// <reference path="../pb_hooks/types/types.d.ts" />
// The business's Google review page (key google_review_url, domain/admin/site-settings.ts): the admin
// may create and update it like the other editable settings (1732000014); a 5-star review's
// thank-you offers it (lib/reviews/review-link-route.ts). No row is made: none means no link.

const { setSettingsKeys } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const BEFORE = ["season", "capacity", "max_service_miles"];
const AFTER = [...BEFORE, "google_review_url"];

migrate((app) => setSettingsKeys(app, AFTER), (app) => setSettingsKeys(app, BEFORE));
