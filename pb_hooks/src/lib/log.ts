/**
 * The hooks' one way to the server's log (the lint's no-console allows it only here): a line on
 * the process's standard error, which the journal keeps in production. Not PocketBase's
 * `$app.logger()`, which writes to the database: its lines would be lost exactly when storage
 * fails (a full disk), the failures most worth reading.
 */

/** A failure: a request or job could not do what it should; `message` names which and why. */
export function logError(message: string): void {
  console.error(message);
}

/** A fallback taken or a retry ahead: worth reading, not a failure of ours. */
export function logWarning(message: string): void {
  console.warn(message);
}
