/// <reference path="../pb_hooks/types/types.d.ts" />
// Adding the optional removal through the manage link after booking (docs/decisions/029):
// - charges.kind may be `removal`: the removal's price, paid on a Checkout page;
// - bookings.removal_hold names that charge while it is unpaid: the booking holds the removal
//   date and slot it was asked for (so no one else can take them) without owning a removal yet;
//   paid → the removal is booked, expired or failed → the date and slot are let go.
// - a per-IP limit for guests on the route, like the link's other routes.
const RULE = { label: "POST /api/fn/my-booking/add-removal", audience: "@guest", maxRequests: 10, duration: 600 };

migrate((app) => {
  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.getByName("kind").values = ["balance", "damages", "balance_and_damages", "removal"];
  app.save(charges);

  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new TextField({ name: "removal_hold", max: 15 }));
  app.save(bookings);

  const settings = app.settings();
  settings.rateLimits.rules = [RULE, ...settings.rateLimits.rules.filter((r) => r.label !== RULE.label)];
  app.save(settings);
}, (app) => {
  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
  app.save(settings);
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.removeByName("removal_hold");
  app.save(bookings);
  const charges = app.findCollectionByNameOrId("charges");
  charges.fields.getByName("kind").values = ["balance", "damages", "balance_and_damages"];
  app.save(charges);
});
