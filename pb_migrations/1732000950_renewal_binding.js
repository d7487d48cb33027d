/// <reference path="../pb_hooks/types/types.d.ts" />
// A renewal link bound to its customer (docs/decisions/058; pb_hooks/src/lib/customers/renewal-link-route.ts):
// - `renewals.used_by`: the id of the booking last made with the renewal's link before public
//   booking opened ('' while none); a live one uses the link up. Written by the checkout's
//   transaction only.
// - A per-IP limit for guests on POST /api/fn/renewal (the e-mail typed to see the renewal's
//   contact), so addresses cannot be tried at speed.
const RULES = [{ label: "POST /api/fn/renewal", audience: "@guest", maxRequests: 10, duration: 600 }];
const LABELS = RULES.map((r) => r.label);

migrate((app) => {
  const renewals = app.findCollectionByNameOrId("renewals");
  renewals.fields.add(new TextField({ name: "used_by", max: 15 }));
  app.save(renewals);
  const settings = app.settings();
  settings.rateLimits.rules = [...RULES, ...settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label))];
  app.save(settings);
}, (app) => {
  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label));
  app.save(settings);
  const renewals = app.findCollectionByNameOrId("renewals");
  renewals.fields.removeByName("used_by");
  app.save(renewals);
});
