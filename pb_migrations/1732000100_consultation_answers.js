/// <reference path="../pb_hooks/types/types.d.ts" />
// The owner answers consultation requests (docs/decisions/033): the request's calendar event
// gets a revision (`ics_sequence`), raised by each confirmation, move and cancellation, so the
// customer's calendar replaces its copy (same UID).
migrate((app) => {
  const c = app.findCollectionByNameOrId("consultation_requests");
  c.fields.add(new NumberField({ name: "ics_sequence", onlyInt: true, min: 0 }));
  app.save(c);
}, (app) => {
  const c = app.findCollectionByNameOrId("consultation_requests");
  c.fields.removeByName("ics_sequence");
  app.save(c);
});
