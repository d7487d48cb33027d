/// <reference path="../pb_hooks/types/types.d.ts" />
// Staff passwords are at least 12 characters (docs/architecture.md reading 9; docs/decisions/012): the
// admin charges customers' cards and sees every address, so docs/product.md's 6 is too weak. PocketBase
// checks the length whenever a password is set, so existing shorter passwords keep working
// until they are changed.

migrate((app) => {
  const staff = app.findCollectionByNameOrId("staff");
  staff.fields.getByName("password").min = 12;
  app.save(staff);
}, (app) => {
  const staff = app.findCollectionByNameOrId("staff");
  staff.fields.getByName("password").min = 6;
  app.save(staff);
});
