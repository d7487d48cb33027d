/**
 * Reads of a record by id that answer null for a missing one: PocketBase's own find throws
 * when there is none, so every command's load and route asks these instead of its own try.
 */

/** The record `id` of `collection`, or null when there is none (never created, or deleted meanwhile). */
export function findRecord(app: CoreApp, collection: string, id: string): core.Record | null {
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** The first record of `collection` whose `field` is `value`, or null when there is none. */
export function findRecordBy(app: CoreApp, collection: string, field: string, value: unknown): core.Record | null {
  try {
    return app.findFirstRecordByData(collection, field, value);
  } catch {
    return null;
  }
}
