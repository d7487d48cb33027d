/// <reference path="../pb_hooks/types/types.d.ts" />
// A charge refunded more than once (docs/decisions/045): the first refund of a charge stays in
// `refund_status`/`refund_amount`/`refund_id`/`refunded_at` (Stripe key refund-charge-<charge>,
// so rows and keys stored before read and replay as they did); each later refund is its own
// entry of `refunds`, a JSON list of { n, part, amount, status, refund_id, refunded_at, waive }
// numbered from 2 with its own Stripe key refund-charge-<charge>-<n> (domain/money/ledger.ts
// ChargeRefundRow, chargeRefundKey). Existing rows get an empty list: nothing to convert.
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "charges", new JSONField({ name: "refunds", maxSize: 20000 }));
}, (app) => {
  removeField(app, "charges", "refunds");
});
