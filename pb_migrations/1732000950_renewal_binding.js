/// <reference path="../pb_hooks/types/types.d.ts" />
// A renewal link bound to its customer (docs/decisions/058; pb_hooks/src/lib/customers/renewal-link-route.ts):
// - `renewals.used_by`: the id of the booking last made with the renewal's link before public
//   booking opened ('' while none); a live one uses the link up. Written by the checkout's
//   transaction only.
// - A per-IP limit for guests on POST /api/fn/renewal (the e-mail typed to see the renewal's
//   contact), so addresses cannot be tried at speed.
const RULES = [{ label: "POST /api/fn/renewal", audience: "@guest", maxRequests: 10, duration: 600 }];
const { addField, removeField, addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "renewals", new TextField({ name: "used_by", max: 15 }));
  addRateLimits(app, RULES);
}, (app) => {
  removeRateLimits(app, RULES);
  removeField(app, "renewals", "used_by");
});
