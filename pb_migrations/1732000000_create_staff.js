/// <reference path="../pb_data/types.d.ts" />
// Staff: the auth collection for the people who run the business (replaces the product's user_roles, docs/product.md §3).
// Staff records are created only by the server (setup-admin) or a superuser; a staff member
// may read and edit their own record but never their role.

migrate((app) => {
  const SELF = "id = @request.auth.id";

  const staff = new Collection({
    type: "auth",
    name: "staff",
    listRule: SELF,
    viewRule: SELF,
    createRule: null,
    // role is not self-service: a signed-in staff member cannot promote or demote themself.
    updateRule: SELF + " && @request.body.role:isset = false",
    deleteRule: null,
    passwordAuth: { enabled: true, identityFields: ["email"] },
    authAlert: { enabled: false },
    fields: [
      { name: "password", type: "password", min: 6 },
      { name: "name", type: "text", max: 100 },
      { name: "role", type: "select", values: ["admin"], maxSelect: 1 },
      { name: "created_at", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated_at", type: "autodate", onCreate: true, onUpdate: true },
    ],
  });

  app.save(staff);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("staff"));
});
