/**
 * "Forgot password?" for the admin (docs/decisions/034): what the login page and the reset page
 * say, the e-mail check before a request is sent, and how many reset e-mails one staff account
 * gets. The request always gets the same answer, whether or not the address has an account and
 * whether or not an e-mail went out, so the page cannot tell anyone which addresses are staff.
 */
import { z } from 'zod';

export const PASSWORD_RESET_MESSAGES = {
  /** After every accepted request: known address or not, e-mailed or over the account's limit. */
  sent: 'If that address belongs to an account, a reset link is on its way.',
  offline: 'You are offline. Connect to send a reset link.',
  /** A 5xx or no answer: nothing was lost, the address stays in the field. */
  failed: 'The reset link could not be requested just now. Please try again in a moment.',
  /** PocketBase's per-address limit (429): about this connection, never about the account. */
  tooMany: 'Too many reset requests from this connection. Please wait a few minutes and try again.',
  emailMissing: 'Please enter your e-mail.',
  emailInvalid: 'Please enter a valid e-mail address.',
  /** The reset page, after PocketBase set the new password. */
  changed: 'Your password is changed. Please sign in.',
  linkInvalid: 'This reset link has expired or was already used. Ask for a new one with Forgot password? on the login page.',
  offlineChange: 'You are offline. Connect to change your password.',
  changeFailed: 'The password could not be changed just now. Please try again in a moment.',
} as const;

/** Reset e-mails one staff account gets at most within PASSWORD_RESET_MAIL_WINDOW_MS. */
export const PASSWORD_RESET_MAIL_LIMIT = 3;
/** The rolling window of PASSWORD_RESET_MAIL_LIMIT (ms): an hour. */
export const PASSWORD_RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * Whether a staff account may be sent another reset e-mail at `nowMs` (ms since the epoch),
 * given when its earlier ones were queued (ms, any order; the latest PASSWORD_RESET_MAIL_LIMIT
 * are enough): true while fewer than the limit fall in the hour before now. A time after
 * `nowMs` (the wall clock stepped back) counts as within the hour.
 */
export function passwordResetMailAllowed(queuedAtMs: readonly number[], nowMs: number): boolean {
  const since = nowMs - PASSWORD_RESET_MAIL_WINDOW_MS;
  return queuedAtMs.filter((t) => t > since).length < PASSWORD_RESET_MAIL_LIMIT;
}

const resetEmailSchema = z.string().trim().min(1, PASSWORD_RESET_MESSAGES.emailMissing).pipe(z.email(PASSWORD_RESET_MESSAGES.emailInvalid));

/** What is wrong with the address typed into the reset request, or null when it can be sent. */
export function resetEmailProblem(email: string): string | null {
  const result = resetEmailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? PASSWORD_RESET_MESSAGES.emailInvalid);
}

/**
 * Whether a reset e-mail queued at `queuedAtMs` is still worth sending at `nowMs` (ms since the
 * epoch): its link lives `linkSeconds` from when it was made (PocketBase's passwordResetToken
 * duration), so a message an SMTP outage held back longer would only bring a dead link.
 */
export function resetLinkAlive(queuedAtMs: number, linkSeconds: number, nowMs: number): boolean {
  return Number.isFinite(queuedAtMs) && nowMs - queuedAtMs < linkSeconds * 1000;
}
