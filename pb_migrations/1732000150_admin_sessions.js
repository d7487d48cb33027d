/// <reference path="../pb_hooks/types/types.d.ts" />
// Admin sessions of a bounded length (docs/decisions/043-admin-sessions.md): a staff token lives
// 72 hours (PocketBase's default is 7 days) and the back office renews it while it is used, so
// a phone left unused, or lost, loses its access within three days even when nobody signs it
// out; 'Sign out of all devices' ends them at once.
migrate((app) => {
  const staff = app.findCollectionByNameOrId("staff");
  staff.authToken.duration = 72 * 60 * 60;
  app.save(staff);
}, (app) => {
  const staff = app.findCollectionByNameOrId("staff");
  staff.authToken.duration = 7 * 24 * 60 * 60;
  app.save(staff);
});
