/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner answers consultation requests (docs/decisions/033): the request's calendar event
// gets a revision (`ics_sequence`), raised by each confirmation, move and cancellation, so the
// customer's calendar replaces its copy (same UID).
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "consultation_requests", new NumberField({ name: "ics_sequence", onlyInt: true, min: 0 }));
}, (app) => {
  removeField(app, "consultation_requests", "ics_sequence");
});
