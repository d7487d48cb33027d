/// <reference path="../pb_hooks/types/types.d.ts" />
// Each season's closing hours, set by the owner (docs/decisions/055; domain/schedule/slots.ts
// closingHour): `closing_hours` on `seasons`, a json map weekday ("0" Sunday … "6" Saturday) →
// whole hour 12–23 (New York time) by which that day's visits end. Absent or {} is the
// docs/product.md pattern (6 PM on Sundays, 9 PM otherwise), so every existing season keeps
// today's hours. Written only by POST /api/fn/seasons, which checks the hours.
const { addField, removeField } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  addField(app, "seasons", new JSONField({ name: "closing_hours", maxSize: 200 }));
}, (app) => {
  removeField(app, "seasons", "closing_hours");
});
