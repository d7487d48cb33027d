/**
 * Reading a value that must be one of a fixed list (a stored select's options as the migrations
 * allow them, a catalogue's ids, a URL parameter): the one test every status and id reader
 * shares, so an unknown value is treated alike everywhere.
 */

/** Whether `value` is a string among `values`; narrows it to their union. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * `value` when it is one of `values`, else `fallback` (e.g. a stored status the migrations do not
 * allow reads as the lifecycle's safe default).
 */
export function oneOfOr<T extends string, F>(values: readonly T[], value: unknown, fallback: F): T | F {
  return isOneOf(values, value) ? value : fallback;
}
