/// <reference path="../pb_hooks/types/types.d.ts" />
// The deposit may be refunded in part (the owner's cancel with her own amount,
// domain/commands/booking-cancel-command.ts ownerRefundSplit; docs/decisions/045):
// `deposit_refund_amount` is the cents of the deposit its refund (`deposit_refund`) gives back.
// 0 or empty is the whole deposit, as every row older than it means, so no row is rewritten.
// Read by admins only, as the booking is.
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "bookings", new NumberField({ name: "deposit_refund_amount", onlyInt: true, min: 0 }));
}, (app) => {
  removeField(app, "bookings", "deposit_refund_amount");
});
