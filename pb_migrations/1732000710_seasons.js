/// <reference path="../pb_hooks/types/types.d.ts" />
// Seasons as data (domain/schedule/seasons.ts): one `seasons` record per season year, set by the
// owner in the admin's Settings: its install, removal and consultation windows, its install work
// days, when renewals and public booking open, and an optional early-bird price cut. Admins read
// it; writes go only through POST /api/fn/seasons (pb_hooks/src/lib/seasons/season-save-route.ts),
// which checks the edit rule, so every API write rule is null (superusers still may).
// An existing `settings` `season` override becomes the record of its year (the year rule of
// domain/schedule/season.ts overridesYear), the missing windows taken from docs/product.md's
// pattern; the old key stays, still read for a year without a record, for one release.
const { ADMIN, baseCollection, timestamps } = require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`);
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const YMD = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n) => String(n).padStart(2, "0");
const ymd = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;
const valid = (w) => !!w && YMD.test(w.start) && YMD.test(w.end) && w.start <= w.end;

// The year of the season an override describes, or null (season.ts overridesYear).
function overridesYear(o) {
  if (valid(o.install)) return Number(o.install.start.slice(0, 4));
  if (valid(o.consultation)) return Number(o.consultation.start.slice(0, 4));
  if (!valid(o.removal)) return null;
  const y = Number(o.removal.start.slice(0, 4));
  return o.removal.start.slice(5, 7) >= "07" ? y : y - 1;
}

migrate((app) => {
  const seasons = baseCollection(
    "seasons",
    { list: ADMIN, view: ADMIN },
    [
      { name: "year", type: "number", required: true, onlyInt: true, min: 2020, max: 2100 },
      { name: "install_start", type: "text", required: true, max: 10, pattern: DATE },
      { name: "install_end", type: "text", required: true, max: 10, pattern: DATE },
      { name: "removal_start", type: "text", required: true, max: 10, pattern: DATE },
      { name: "removal_end", type: "text", required: true, max: 10, pattern: DATE },
      { name: "consultation_start", type: "text", required: true, max: 10, pattern: DATE },
      { name: "consultation_end", type: "text", required: true, max: 10, pattern: DATE },
      { name: "work_days", type: "json", maxSize: 200 },
      { name: "renewals_open", type: "text", max: 10, pattern: DATE },
      { name: "public_opens", type: "text", max: 10, pattern: DATE },
      { name: "early_bird_kind", type: "select", values: ["percent", "amount"], maxSelect: 1 },
      { name: "early_bird_value", type: "number", onlyInt: true, min: 0 },
      { name: "early_bird_until", type: "text", max: 10, pattern: DATE },
      ...timestamps(),
    ],
    ["CREATE UNIQUE INDEX `idx_seasons_year` ON `seasons` (`year`)"],
  );
  app.save(seasons);

  let override = null;
  try {
    override = JSON.parse(app.findFirstRecordByData("settings", "key", "season").getString("value") || "null");
  } catch {
    override = null; // no `season` row, or not JSON: nothing to carry over
  }
  if (!override || typeof override !== "object") return;
  const year = overridesYear(override);
  if (year === null) return;
  const pick = (w, fallback) => (valid(w) ? w : fallback);
  const install = pick(override.install, { start: ymd(year, 11, 16), end: ymd(year, 12, 23) });
  const removal = pick(override.removal, { start: ymd(year, 12, 26), end: ymd(year + 1, 1, 31) });
  const consultation = pick(override.consultation, { start: ymd(year, 11, 12), end: ymd(year, 12, 17) });
  app.save(
    new Record(seasons, {
      year,
      install_start: install.start,
      install_end: install.end,
      removal_start: removal.start,
      removal_end: removal.end,
      consultation_start: consultation.start,
      consultation_end: consultation.end,
      work_days: [0, 2, 5, 6],
    }),
  );
}, (app) => {
  app.delete(app.findCollectionByNameOrId("seasons"));
});
