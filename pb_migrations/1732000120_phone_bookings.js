/// <reference path="../pb_hooks/types/types.d.ts" />
// Bookings the owner takes by phone (docs/decisions/037): who booked it (`booked_by`, a staff
// id; '' for the website's wizard) and, for a deposit taken at once, how it was paid
// (`deposit_method` cash, check or other, '' for a card; the check's number; a note), which the
// deposit's receipt names.
migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new TextField({ name: "booked_by", max: 15 }));
  bookings.fields.add(new SelectField({ name: "deposit_method", maxSelect: 1, values: ["cash", "check", "other"] }));
  bookings.fields.add(new TextField({ name: "deposit_check_number", max: 40 }));
  bookings.fields.add(new TextField({ name: "deposit_note", max: 500 }));
  app.save(bookings);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  for (const name of ["booked_by", "deposit_method", "deposit_check_number", "deposit_note"]) bookings.fields.removeByName(name);
  app.save(bookings);
});
