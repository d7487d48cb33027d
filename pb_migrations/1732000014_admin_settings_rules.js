/// <reference path="../pb_hooks/types/types.d.ts" />
// Settings the admin edits (docs/decisions/015): season, capacity and max_service_miles, updated (or
// created when missing) by an admin, never renamed or deleted; values are checked by a record
// hook (pb_hooks/src/lib/admin/site-settings-hooks.ts). The server's own rows, such as the calendar
// feed's secret token (key calendar_feed), are unreadable and unwritable through the API for
// everyone, the admin included: the admin gets the feed's URL from /api/fn/calendar-feed.
// blocked_dates keep their rules (public read, admin create/update/delete).

const { ADMIN, keyIn } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const EDITABLE = ["season", "capacity", "max_service_miles"];

migrate((app) => {
  const settings = app.findCollectionByNameOrId("settings");
  settings.listRule = 'key != "calendar_feed"';
  settings.viewRule = 'key != "calendar_feed"';
  settings.createRule = `${ADMIN} && ${keyIn(EDITABLE, "@request.body.key")}`;
  settings.updateRule = `${ADMIN} && ${keyIn(EDITABLE, "key")} && (@request.body.key:isset = false || @request.body.key = key)`;
  settings.deleteRule = null;
  app.save(settings);
}, (app) => {
  const settings = app.findCollectionByNameOrId("settings");
  settings.listRule = "";
  settings.viewRule = "";
  settings.createRule = ADMIN;
  settings.updateRule = ADMIN;
  settings.deleteRule = ADMIN;
  app.save(settings);
});
