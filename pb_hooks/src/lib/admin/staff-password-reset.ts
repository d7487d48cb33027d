/**
 * "Forgot password?" for staff (docs/decisions/034), and PocketBase's other auth e-mails. PocketBase's own route
 * (`POST /api/collections/staff/request-password-reset { email }`, rate-limited per IP by
 * pb_migrations/1732000110_password_reset.js) answers an unknown address 204 by itself and
 * calls this hook for a known one. The hook sends the e-mail instead of PocketBase:
 *
 * - through the mail outbox (docs/decisions/021), like every e-mail of ours: recorded in
 *   `mail_log`, retried when SMTP is down, logged when it is not configured (PocketBase would
 *   try the machine's sendmail);
 * - at most PASSWORD_RESET_MAIL_LIMIT per account an hour, counted from the account's
 *   `staff_password_reset` rows in `mail_log`, inside the transaction that queues the next, so
 *   requests at the same instant cannot both pass. Always on: RATE_LIMITS=off lifts the
 *   per-caller limits of load tests, and this one guards the account's inbox. It replaces
 *   PocketBase's own "one e-mail per 2 minutes", which is set only by its sender;
 * - in the words of `staff.resetPasswordTemplate`, with {APP_URL} the app's public origin
 *   (appOrigin: APP_URL, which production requires, so a forged Host never reaches the link).
 *
 * The answer is PocketBase's for success, 204 with no body, whatever happened: e-mailed, over
 * the limit, or (by PocketBase) no such account. It is sent before the SMTP conversation, so
 * the time it takes tells nobody whether an e-mail went out either.
 *
 * The superusers' reset (`/api/collections/_superusers/request-password-reset`, PocketBase's
 * dashboard) goes the same way and under the same limit, in the `_superusers` template (its link
 * is the dashboard's, on APP_URL). PocketBase's other auth e-mails are not used by the product
 * (no account is asked to verify its address, an admin changes the e-mail with the password,
 * lib/admin/change-email-route.ts; OTP is off): their request routes send nothing, so no one can
 * fill an inbox through them.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import { PASSWORD_RESET_MAIL_LIMIT, resetLinkAlive } from '@domain/admin/staff-password-reset';
import { appOrigin } from '../http';
import { fillEmailTemplate } from '../mail/email-template';
import { staffPasswordResetCommand, type StaffPasswordResetInput, type StaffPasswordResetMail, type StaffPasswordResetState } from '@domain/commands/staff-password-reset-command';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { answerThenSend, executeCommand, type ServerCommand } from '../commands/run-command';
import { STAFF_PASSWORD_RESET_KIND, type MailKindChecks } from '../mail/outbox-checks';

/**
 * The request event inside a record request hook's event. The generated types flatten it into
 * the hook's event, and its methods (noContent, flush) are reachable so, but the JSVM reaches its
 * fields (`request`, which appOrigin reads) only through the embedded struct's own name.
 */
function requestEventOf(e: core.RecordRequestPasswordResetRequestEvent): core.RequestEvent {
  return (e as unknown as { requestEvent?: core.RequestEvent }).requestEvent ?? e;
}

/** When the account's latest reset e-mails were queued (ms since the epoch, newest first). */
function latestResetMails(tx: CoreApp, staffId: string): number[] {
  const rows = tx.findRecordsByFilter('mail_log', 'kind = {:kind} && related_id = {:id}', '-queued_at', PASSWORD_RESET_MAIL_LIMIT, 0, {
    kind: STAFF_PASSWORD_RESET_KIND,
    id: staffId,
  } as unknown as dbx.Params);
  return rows.map((r) => parseTimestamp(r!.getString('queued_at')));
}

/**
 * The reset e-mail for `staff`, made at `nowMs`: a new link (PocketBase's password reset token,
 * signed with the account's token key) in the collection's template, for the outbox under
 * `staff_password_reset:<id>:<nowMs>`. No text part: the mailer derives it from the HTML, as
 * for PocketBase's own e-mails, so a template edited in the dashboard reads the same in both.
 */
export function staffPasswordResetMail(app: CoreApp, staff: core.Record, origin: string, nowMs: number): QueuedMail {
  const filled = fillEmailTemplate(staff.collection().resetPasswordTemplate, {
    plain: { APP_NAME: app.settings().meta.appName, APP_URL: origin, TOKEN: staff.newPasswordResetToken() },
    record: { id: staff.id, email: staff.email(), name: staff.getString('name') },
  });
  return {
    key: mailKey(STAFF_PASSWORD_RESET_KIND, staff.id, nowMs),
    to: staff.email(),
    subject: filled.subject,
    html: filled.body,
    text: '',
    kind: STAFF_PASSWORD_RESET_KIND,
    relatedId: staff.id,
  };
}

/**
 * The reset e-mail as a command on the runner's transaction (domain/commands/staff-password-reset-command.ts):
 * the account's recent reset e-mails read, the e-mail queued while the limit allows, and sent
 * after the answer ('after-answer').
 */
export const staffPasswordReset: ServerCommand<StaffPasswordResetInput, StaffPasswordResetState, StaffPasswordResetMail, { mailed: boolean }> = {
  command: staffPasswordResetCommand,
  // PocketBase's own route: the command is run by the hook below, not by the route table.
  path: '/api/collections/staff/request-password-reset',
  deliver: 'after-answer',
  load: (tx, input) => ({ recentMailsMs: latestResetMails(tx, input.staffId) }),
  composeMail: (tx, m) => staffPasswordResetMail(tx, tx.findRecordById(m.collection, m.staffId), m.origin, m.atMs),
  respond: (_app, a) => a,
};

/**
 * The `onRecordRequestPasswordResetRequest` hook of `staff` and `_superusers` (main.ts): runs
 * staffPasswordReset (the e-mail queued while the account's hourly limit allows), answers 204,
 * then the e-mail goes. Never calls PocketBase's own sender (e.next()). A failed queueing (a
 * full disk) is the usual 503.
 */
export function mailStaffPasswordReset(e: core.RecordRequestPasswordResetRequestEvent): void {
  const staff = e.record!;
  const origin = appOrigin(requestEventOf(e));
  const input = { collection: staff.collection().name, staffId: staff.id, origin, atMs: Date.now() };
  const run = executeCommand(e.app, staffPasswordReset, input, { staffId: '', origin, fingerprint: '' }, null, [], true);
  answerThenSend(e.app, run, () => {
    e.noContent(204);
    try {
      e.flush();
    } catch {
      // Not flushable (never with PocketBase's router): the answer goes when this returns.
    }
  });
}

/**
 * The `onRecordRequestVerificationRequest` hook of `staff` (main.ts): answers PocketBase's 204,
 * as for an unknown address, and sends nothing; the product never asks an account to verify its
 * address. PocketBase itself refuses it for superusers.
 */
export function ignoreVerificationRequest(e: core.RecordRequestVerificationRequestEvent): void {
  e.noContent(204);
}

/** Why PocketBase's own e-mail change request is refused (lib/admin/change-email-route.ts replaces it). */
export const EMAIL_CHANGE_ELSEWHERE = "Change the account's e-mail from the account menu, with the current password.";

/**
 * The `onRecordRequestEmailChangeRequest` hook of `staff` and `_superusers` (main.ts): 403 with
 * EMAIL_CHANGE_ELSEWHERE and no e-mail. The caller is signed in, so it is told where to go.
 */
export function refuseEmailChangeRequest(): void {
  throw new ForbiddenError(EMAIL_CHANGE_ELSEWHERE);
}

/**
 * The mail outbox's check of a password reset e-mail (docs/decisions/034; registered by
 * lib/app.ts): sent only while its link lives, so one an SMTP outage held back is not sent dead.
 */
export const staffPasswordResetChecks: MailKindChecks = {
  stillWanted(app, rec) {
    const linkSeconds = app.findCollectionByNameOrId('staff').passwordResetToken.duration;
    return resetLinkAlive(parseTimestamp(rec.getString('queued_at')), linkSeconds, Date.now());
  },
};
