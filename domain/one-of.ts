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

/** The union of a const object's values: a status module's type of its named values (`BookingStatus`). */
export type ValueOf<T> = T[keyof T];

/** A const object's values as a list typed as their union (a status module's `BOOKING_STATUSES`). */
export function valuesOf<T extends Readonly<Record<string, string>>>(named: T): readonly ValueOf<T>[] {
  return Object.values(named) as ValueOf<T>[];
}
