/// <reference path="../pb_hooks/types/types.d.ts" />
// PocketBase creates a `users` auth collection with open sign-up. Nothing of ours uses it (staff
// sign in through `staff`), so it is removed rather than left as an anonymous sign-up endpoint.
migrate(
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("users"));
    } catch {
      // already gone
    }
  },
  (app) => {
    const users = new Collection({
      type: "auth",
      name: "users",
      listRule: "id = @request.auth.id",
      viewRule: "id = @request.auth.id",
      createRule: "",
      updateRule: "id = @request.auth.id",
      deleteRule: "id = @request.auth.id",
      fields: [{ type: "text", name: "name", max: 255 }],
    });
    app.save(users);
  },
);
