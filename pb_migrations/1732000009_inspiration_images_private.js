/// <reference path="../pb_hooks/types/types.d.ts" />
// An upload's original_name is the customer's own file name, often a person's name ("Jane Doe
// living room.jpg"). A hidden field is left out of every API response (including the upload's
// own) and cannot be filtered or sorted on, except by superusers; hooks still set it.

migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("inspiration_images");
    collection.fields.getByName("original_name").hidden = true;
    app.save(collection);
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("inspiration_images");
    collection.fields.getByName("original_name").hidden = false;
    app.save(collection);
  },
);
