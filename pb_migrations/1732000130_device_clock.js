/// <reference path="../pb_hooks/types/types.d.ts" />
// Times from the admin's phone within bounds (docs/decisions/039): a job event whose
// `occurredAt` was more than 10 minutes ahead of the server's clock, or before its booking was
// created, is stored at the server's time with `clock_corrected` true and the time the phone
// sent in `device_time` (as sent, for the owner to see what the phone claimed).
migrate((app) => {
  const events = app.findCollectionByNameOrId("job_events");
  events.fields.add(new BoolField({ name: "clock_corrected" }));
  events.fields.add(new TextField({ name: "device_time", max: 64 }));
  app.save(events);
}, (app) => {
  const events = app.findCollectionByNameOrId("job_events");
  for (const name of ["clock_corrected", "device_time"]) events.fields.removeByName(name);
  app.save(events);
});
