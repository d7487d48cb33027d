/**
 * Values read from a collection and kept between calls, dropped at once after any committed
 * change of that collection (docs/decisions/018).
 *
 * PocketBase runs every handler in one of a pool of separate JSVM runtimes, and each runtime
 * has its own copy of this module, so one runtime cannot clear another's copy. Instead each
 * collection has a generation, a counter in the app's shared store that `forgetKept` (a record
 * hook after every successful create, update or delete, main.ts) bumps; a copy made under an
 * older generation is read again. Writes that skip PocketBase's record hooks (raw SQL) are not
 * seen until the collection's next change or a restart.
 */

interface Copies {
  generation: number;
  values: Map<string, unknown>;
}

// This runtime's copies, by collection; they live as long as the runtime.
const copies = new Map<string, Copies>();

const generationKey = (collection: string) => `kept.${collection}`;

/**
 * The value kept under `key` for `collection`, or `read()`'s answer, kept until the
 * collection changes. The value is shared by later calls: never change it.
 */
export function kept<T>(app: CoreApp, collection: string, key: string, read: () => T): T {
  // Read before `read()` runs: a change committed meanwhile bumps the generation past this
  // one, so the copy is dropped at the next call.
  const generation = Number(app.store().get(generationKey(collection))) || 0;
  let mine = copies.get(collection);
  if (mine?.generation !== generation) {
    mine = { generation, values: new Map() };
    copies.set(collection, mine);
  }
  if (!mine.values.has(key)) mine.values.set(key, read());
  return mine.values.get(key) as T;
}

/**
 * Record hook (after a successful create, update or delete, once its transaction committed):
 * every runtime's copies of the record's collection are out of date.
 */
export function forgetKept(e: core.RecordEvent): void {
  e.next();
  forgetKeptOf(e.app, e.record!.collection().name);
}

/** Every runtime's copies of `collection` are out of date (a change elsewhere that its values depend on). */
export function forgetKeptOf(app: CoreApp, collection: string): void {
  app.store().setFunc(generationKey(collection), (old: unknown) => (Number(old) || 0) + 1);
}
