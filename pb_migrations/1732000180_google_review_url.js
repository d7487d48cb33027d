/// <reference path="../pb_hooks/types/types.d.ts" />
// The business's Google review page (key google_review_url, domain/admin/site-settings.ts): the admin
// may create and update it like the other editable settings (1732000014); a 5-star review's
// thank-you offers it (lib/reviews/review-link-route.ts). No row is made: none means no link.

const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';
const BEFORE = ["season", "capacity", "max_service_miles"];
const AFTER = [...BEFORE, "google_review_url"];
const keyIn = (keys, field) => "(" + keys.map((k) => `${field} = "${k}"`).join(" || ") + ")";

function rules(app, keys) {
  const settings = app.findCollectionByNameOrId("settings");
  settings.createRule = `${ADMIN} && ${keyIn(keys, "@request.body.key")}`;
  settings.updateRule = `${ADMIN} && ${keyIn(keys, "key")} && (@request.body.key:isset = false || @request.body.key = key)`;
  app.save(settings);
}

migrate((app) => rules(app, AFTER), (app) => rules(app, BEFORE));
