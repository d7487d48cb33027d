/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner's choice for each visit on a day she blocked after it was booked
// (domain/commands/blocked-day-command.ts): { "YYYY-MM-DD": "keep" | "emailed" }. Until she
// keeps a visit on a blocked day, its reminder waits. Read by admins only, as the booking is.
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "bookings", new JSONField({ name: "blocked_day_choices", maxSize: 10000 }));
}, (app) => {
  removeField(app, "bookings", "blocked_day_choices");
});
