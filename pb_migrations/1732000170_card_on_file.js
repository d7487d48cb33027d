/// <reference path="../pb_hooks/types/types.d.ts" />
// The card on file (docs/decisions/013): the brand ('visa', 'mastercard', 'amex', … as Stripe
// names it) and the last 4 digits of the card a deposit or a balance was paid with, read from
// Stripe's PaymentMethod when the payment settles, so the owner's damages dialog can name the
// card it charges ('Visa ending 4242'). Empty when Stripe did not say; a payment never fails for
// want of them. Like the other payment fields, readable by admins only (the bookings rules).
migrate((app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  bookings.fields.add(new TextField({ name: "card_brand", max: 40 }));
  bookings.fields.add(new TextField({ name: "card_last4", max: 4, pattern: "^[0-9]{4}$" }));
  app.save(bookings);
}, (app) => {
  const bookings = app.findCollectionByNameOrId("bookings");
  for (const name of ["card_brand", "card_last4"]) bookings.fields.removeByName(name);
  app.save(bookings);
});
