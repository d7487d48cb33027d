/// <reference path="../pb_data/types.d.ts" />
// Bookings: created only by the create-booking-checkout route (hooks / superuser), read and
// deleted by admins. Money is integer cents; dates are YYYY-MM-DD text; slots are "start-end".

const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const SLOT = "^\\d{1,2}-\\d{1,2}$";

const text = (name, max, extra) => ({ name, type: "text", max, ...extra });
const cents = (name, extra) => ({ name, type: "number", onlyInt: true, ...extra });
const bool = (name) => ({ name, type: "bool" });
const date = (name) => ({ name, type: "date" });
const select = (name, values, extra) => ({ name, type: "select", values, maxSelect: 1, ...extra });

migrate((app) => {
  const bookings = baseCollection(
    "bookings",
    { list: ADMIN, view: ADMIN, delete: ADMIN },
    [
      text("customer_name", 100, { required: true }),
      { name: "customer_email", type: "email", required: true },
      text("customer_phone", 20, { required: true }),
      text("customer_address", 500, { required: true }),
      // A package slug; legacy rows may hold designer / premium / luxury.
      text("package_type", 50, { required: true }),
      select("tree_size", ["5-7ft", "7.5-9ft", "10-12ft"], { required: true }),
      bool("luxe_finish"),
      bool("extra_tree"),
      bool("keep_ornaments"),
      { name: "luxe_keep_ornaments", type: "number", onlyInt: true, min: 0 }, // 0, 50 or 75
      bool("removal_service"),
      { name: "selected_addons", type: "json", maxSize: 20000 }, // [{id, price}]
      text("install_date", 10, { required: true, pattern: DATE }),
      text("install_time_slot", 5, { required: true, pattern: SLOT }),
      text("removal_date", 10, { pattern: DATE }),
      text("removal_time_slot", 5, { pattern: SLOT }),
      text("style_color_palette", 100),
      text("style_theme", 100),
      text("style_topper", 50),
      text("style_special_requests", 2000),
      { name: "style_inspiration_images", type: "json" }, // list of public image URLs
      text("notes", 2000),
      text("parking_instructions", 1000),
      { name: "distance_miles", type: "number", min: 0 },
      cents("travel_fee", { min: 0 }),
      cents("ornament_ownership_cost"),
      { name: "price_lines", type: "json" },
      cents("total_price", { min: 0 }),
      cents("deposit_amount", { min: 0 }),
      cents("balance_remaining", { min: 0 }),
      select("payment_status", ["pending", "deposit_paid", "paid"]),
      select("status", ["pending", "pending_payment", "confirmed", "completed", "cancelled"]),
      select("payment_mode", ["demo", "stripe"]),
      date("hold_expires_at"),
      text("checkout_session_id", 255),
      text("payment_intent_id", 255),
      text("stripe_customer_id", 255),
      text("payment_method_id", 255),
      date("deposit_paid_at"),
      date("balance_paid_at"),
      ...timestamps(),
    ],
    [
      "CREATE INDEX `idx_bookings_install_date` ON `bookings` (`install_date`)",
      "CREATE INDEX `idx_bookings_removal_date` ON `bookings` (`removal_date`)",
      "CREATE INDEX `idx_bookings_status` ON `bookings` (`status`)",
      "CREATE UNIQUE INDEX `idx_bookings_checkout_session` ON `bookings` (`checkout_session_id`) WHERE `checkout_session_id` != ''",
    ],
  );

  app.save(bookings);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("bookings"));
});
