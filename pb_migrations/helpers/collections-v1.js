/// <reference path="../../pb_hooks/types/types.d.ts" />
// The pieces the migrations repeat, version 1 (docs/decisions/067-frozen-migration-helpers.md).
//
// FROZEN: PocketBase runs each migration once per database, so a fresh database is built by
// every old migration that requires this file, while existing databases keep what the file made
// when they ran. An edit here would make the two differ without a word. This file is never
// changed once released (tests/architecture/migration-helpers.test.ts pins its SHA-256): a new
// or different piece goes into collections-v2.js, which new migrations require instead.
//
// Loaded with require(`${__hooks}/../pb_migrations/helpers/collections-v1.js`): `__hooks` is the
// absolute hooks dir in a migration's runtime too, and pb_hooks and pb_migrations are siblings
// wherever PocketBase starts (the repository, the tests' servers, the release). PocketBase runs
// only the top-level .js files of pb_migrations/, so this folder is not run as a migration.
// Plain JS for PocketBase's JSVM (goja): no import/export.

/** The rule that lets the admin (a `staff` record with role admin) in. */
const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';

/**
 * A new base collection. `rules` holds the five API rules by short name (list, view, create,
 * update, delete); a rule left out is null (superusers and the hooks only), "" is public.
 * `indexes` (SQL strings) may be left out.
 * @param {string} name
 * @param {{ list?: string | null, view?: string | null, create?: string | null, update?: string | null, delete?: string | null }} rules
 * @param {object[]} fields
 * @param {string[]} [indexes]
 */
function baseCollection(name, rules, fields, indexes) {
  const rule = (value) => (value === undefined ? null : value);
  const spec = {
    type: "base",
    name,
    listRule: rule(rules.list),
    viewRule: rule(rules.view),
    createRule: rule(rules.create),
    updateRule: rule(rules.update),
    deleteRule: rule(rules.delete),
    fields,
  };
  if (indexes !== undefined) spec.indexes = indexes;
  return new Collection(spec);
}

/** The autodate fields `created_at` (set on create) and `updated_at` (set on create and update). */
function timestamps() {
  return [...createdAt(), { name: "updated_at", type: "autodate", onCreate: true, onUpdate: true }];
}

/** The autodate field `created_at` alone, for rows never updated. */
function createdAt() {
  return [{ name: "created_at", type: "autodate", onCreate: true, onUpdate: false }];
}

/** The index the admin's offline mirror pulls a collection by: (updated_at, id). */
function syncIndex(name) {
  return `CREATE INDEX \`idx_${name}_updated_at_id\` ON \`${name}\` (\`updated_at\`, \`id\`)`;
}

/**
 * A manage-link table (docs/decisions/027): per link, `owner` (a required relation to
 * `ownerCollectionId`, deleted with it), the SHA-256 `token_hash` (unique), `expires_at`,
 * `revoked_at` and `created_at`; no API rules.
 * @param {string} name
 * @param {string} owner the relation field's name
 * @param {string} ownerCollectionId
 */
function linkCollection(name, owner, ownerCollectionId) {
  return baseCollection(
    name,
    {},
    [
      { name: owner, type: "relation", required: true, collectionId: ownerCollectionId, cascadeDelete: true, maxSelect: 1 },
      { name: "token_hash", type: "text", required: true, max: 64 },
      { name: "expires_at", type: "date", required: true },
      { name: "revoked_at", type: "date" },
      ...createdAt(),
    ],
    [
      `CREATE UNIQUE INDEX \`idx_${name}_token_hash\` ON \`${name}\` (\`token_hash\`)`,
      `CREATE INDEX \`idx_${name}_${owner}\` ON \`${name}\` (\`${owner}\`)`,
    ],
  );
}

/** Adds `field` (a PocketBase field, e.g. new JSONField({...})) to the collection `name`. */
function addField(app, name, field) {
  const collection = app.findCollectionByNameOrId(name);
  collection.fields.add(field);
  app.save(collection);
}

/** Removes the field `fieldName` from the collection `name`. */
function removeField(app, name, fieldName) {
  const collection = app.findCollectionByNameOrId(name);
  collection.fields.removeByName(fieldName);
  app.save(collection);
}

/**
 * Per-IP rate-limit rules ({ label, audience, maxRequests, duration }) put first in `current`,
 * so their exact labels match before broader ones; rules of the same labels are replaced.
 */
function withRateLimits(current, rules) {
  return [...rules, ...withoutRateLimits(current, rules)];
}

/** `current` without the rate-limit rules whose labels `rules` have. */
function withoutRateLimits(current, rules) {
  const labels = rules.map((r) => r.label);
  return current.filter((r) => !labels.includes(r.label));
}

/** Saves the app settings with `rules` added first to the rate limits (withRateLimits). */
function addRateLimits(app, rules) {
  const settings = app.settings();
  settings.rateLimits.rules = withRateLimits(settings.rateLimits.rules, rules);
  app.save(settings);
}

/** Saves the app settings without the rate limits of `rules`' labels. */
function removeRateLimits(app, rules) {
  const settings = app.settings();
  settings.rateLimits.rules = withoutRateLimits(settings.rateLimits.rules, rules);
  app.save(settings);
}

/** `(field = "k1" || field = "k2" …)`: a rule's test that `field` is one of `keys`. */
function keyIn(keys, field) {
  return "(" + keys.map((k) => `${field} = "${k}"`).join(" || ") + ")";
}

/** The `settings` keys the admin may create and update, as the current create rule lists them. */
function settingsKeys(app) {
  const settings = app.findCollectionByNameOrId("settings");
  return [...String(settings.createRule || "").matchAll(/@request\.body\.key = "([^"]+)"/g)].map((m) => m[1]);
}

/**
 * Sets the `settings` create and update rules (docs/decisions/015): the admin may create a row
 * of, and update a row of, one of `keys`, never renaming it.
 */
function setSettingsKeys(app, keys) {
  const settings = app.findCollectionByNameOrId("settings");
  settings.createRule = `${ADMIN} && ${keyIn(keys, "@request.body.key")}`;
  settings.updateRule = `${ADMIN} && ${keyIn(keys, "key")} && (@request.body.key:isset = false || @request.body.key = key)`;
  app.save(settings);
}

/** Saves the `settings` row `key` with `value` unless a row of that key exists (its value kept). */
function ensureSetting(app, key, value) {
  try {
    app.findFirstRecordByData("settings", "key", key);
    return; // already set: keep the owner's value
  } catch {
    // not set yet
  }
  app.save(new Record(app.findCollectionByNameOrId("settings"), { key, value }));
}

/** Deletes the `settings` row `key` if there is one. */
function deleteSetting(app, key) {
  try {
    app.delete(app.findFirstRecordByData("settings", "key", key));
  } catch {
    // already gone
  }
}

module.exports = {
  ADMIN,
  baseCollection,
  timestamps,
  createdAt,
  syncIndex,
  linkCollection,
  addField,
  removeField,
  withRateLimits,
  withoutRateLimits,
  addRateLimits,
  removeRateLimits,
  keyIn,
  settingsKeys,
  setSettingsKeys,
  ensureSetting,
  deleteSetting,
};
