/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner's personal message to the customer when she cancels a booking from the admin
// (domain/commands/booking-cancel-command.ts ownerCancelCommand): plain text, at most 1,000
// characters, read by the cancellation e-mail whichever path sends it (at once, or after the
// refunds). Read by admins only, as the booking is.
migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new TextField({ name: "cancel_message", max: 1000 }));
  app.save(bookings);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.removeByName("cancel_message");
  app.save(bookings);
});
