/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner's personal message to the customer when she cancels a booking from the admin
// (domain/commands/booking-cancel-command.ts ownerCancelCommand): plain text, at most 1,000
// characters, read by the cancellation e-mail whichever path sends it (at once, or after the
// refunds). Read by admins only, as the booking is.
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "bookings", new TextField({ name: "cancel_message", max: 1000 }));
}, (app) => {
  removeField(app, "bookings", "cancel_message");
});
