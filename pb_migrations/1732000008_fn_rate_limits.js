/// <reference path="../pb_hooks/types/types.d.ts" />
// Per-IP limits for guests on the /api/fn/ routes anonymous visitors can use to create things
// (bookings that hold slots, consultation requests, reviews) or to burn an outside service
// (distance lookups). Exact "METHOD path" labels match before the "/api/fn/" prefix rule.
const FN_RULES = [
  { label: "POST /api/fn/create-booking-checkout", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/consultation-request", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/submit-review", audience: "@guest", maxRequests: 10, duration: 600 },
  { label: "POST /api/fn/calculate-distance", audience: "@guest", maxRequests: 60, duration: 60 },
];
const { addRateLimits, removeRateLimits } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);

migrate(
  (app) => addRateLimits(app, FN_RULES),
  (app) => removeRateLimits(app, FN_RULES),
);
