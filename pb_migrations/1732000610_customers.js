/// <reference path="../pb_hooks/types/types.d.ts" />
// Customers who come back (docs/architecture.md "Data model"): one `customers` row per
// normalised e-mail (`email_key`: trimmed, lower-cased, domain/customers/customer-key.ts; unique)
// holding what belongs to the customer and not to one booking: the latest known name, phone and
// address and the home's notes (parking, gate code, where the ornaments are stored, other),
// with the device time of their last edit. Bookings, consultations and reviews keep their own
// `customer_email`; the link is that e-mail normalised, so nothing is written on the checkout's
// path. Admins read it (as `charges`), and the mirror pulls it by (updated_at, id); writes go
// through POST /api/fn/customer-notes only (no API create, update or delete).
//
// Existing records are linked here: one customer per distinct key of the bookings,
// consultations and reviews, with the latest (by created_at) non-empty name, phone and address.

const { ADMIN, baseCollection, timestamps, syncIndex } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate((app) => {
  const customers = baseCollection(
    "customers",
    { list: ADMIN, view: ADMIN },
    [
      { name: "email_key", type: "text", required: true, max: 255 },
      { name: "name", type: "text", max: 100 },
      { name: "phone", type: "text", max: 20 },
      { name: "address", type: "text", max: 500 },
      { name: "notes_parking", type: "text", max: 1000 },
      { name: "notes_gate", type: "text", max: 1000 },
      { name: "notes_ornaments", type: "text", max: 1000 },
      { name: "notes_other", type: "text", max: 1000 },
      { name: "notes_updated_at", type: "date" },
      ...timestamps(),
    ],
    [
      "CREATE UNIQUE INDEX `idx_customers_email_key` ON `customers` (`email_key`)",
      syncIndex("customers"),
    ],
  );
  app.save(customers);

  // The latest known contact per key, oldest rows first so later ones overwrite.
  const rows = [];
  for (const name of ["bookings", "consultation_requests", "testimonials"]) {
    for (const r of app.findAllRecords(name)) {
      const key = r.getString("customer_email").trim().toLowerCase();
      if (!key) continue;
      const hasContact = name !== "testimonials";
      rows.push({
        key,
        at: r.getString("created_at"),
        name: r.getString("customer_name").trim(),
        phone: hasContact ? r.getString("customer_phone").trim() : "",
        address: hasContact ? r.getString("customer_address").trim() : "",
      });
    }
  }
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const byKey = new Map();
  for (const row of rows) {
    const c = byKey.get(row.key) || { name: "", phone: "", address: "" };
    if (row.name) c.name = row.name;
    if (row.phone) c.phone = row.phone;
    if (row.address) c.address = row.address;
    byKey.set(row.key, c);
  }
  for (const [key, c] of byKey) {
    if (key.length > 255) continue;
    const rec = new Record(customers);
    rec.set("email_key", key);
    rec.set("name", c.name.slice(0, 100));
    rec.set("phone", c.phone.slice(0, 20));
    rec.set("address", c.address.slice(0, 500));
    app.save(rec);
  }
}, (app) => {
  app.delete(app.findCollectionByNameOrId("customers"));
});
