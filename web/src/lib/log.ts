/**
 * The web app's one way to the browser console (the lint's no-console allows it only here): a
 * failure the user already sees as a message or a toast, kept with its cause for whoever debugs
 * the page on a phone or a desktop. The console is the only log a browser has.
 */

/** Something failed: `parts` are a sentence and the error, as console.error takes them. */
export function logError(...parts: unknown[]): void {
  console.error(...parts);
}

/** Something did not happen and will be retried or is not needed (a prefetch, an analytics event). */
export function logWarning(...parts: unknown[]): void {
  console.warn(...parts);
}
