/**
 * The mail outbox (docs/decisions/021): `mail_log` rows from `queued` to `sent` (or `logged`
 * when SMTP is not configured), so no e-mail is lost to a crash or an SMTP outage and none is
 * sent twice for one key.
 *
 * - queueMail writes the message inside the transaction of the change that causes it, under a
 *   unique key (kind, record, version): a replayed request or a second path to the same change
 *   queues nothing new.
 * - deliverMail sends given rows right after that transaction commits; deliverDueMail (the
 *   every-minute job) sends what is due again, with backoff, and gives a message up a day after
 *   it was queued (the booking it is about then shows the problem to the owner).
 * - Each send first claims its row (`sending`, with this process's id) in a transaction of its
 *   own, so two runs never send one row; a row left `sending` by another process (one that
 *   died: only one serves a data dir) or for SENDING_STALE_MS is queued again by the job.
 *
 * Scheduling uses the wall clock, not APP_NOW: retries are about real time passing, while
 * APP_NOW freezes the business day for tests and demos.
 */
import { redactManageTokens } from '@domain/mail/redaction';
import { toPbDate } from '../clock';
import { parseTimestamp } from '@domain/schedule/calendar';
import { smtpEnabled, smtpSend, type Attachment, type MailStatus, type OutgoingMail } from './send-mail';
import { logError } from '../log';
import { afterSent, stillWanted } from './outbox-checks';
import { MailLogStatus } from '@domain/mail/mail-status';

/** A message with its outbox key: `kind:recordId:version`, at most 255 characters. */
export interface QueuedMail extends OutgoingMail {
  key: string;
}

/** Minutes to wait after the n-th failed attempt (then every hour) until MAIL_GIVE_UP_MS. */
const BACKOFF_MINUTES = [1, 1, 2, 5, 10, 30];
/** A message still unsent this long after it was queued is given up (ms). */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** A row claimed this long ago without an outcome belongs to a send that hung (ms). */
const SENDING_STALE_MS = 10 * 60 * 1000;
/** Rows one job run sends at most (the rest wait for the next minute). */
const JOB_BATCH = 100;

/** The outbox key of a message: its kind, the record it is about, and the version of that record's news. */
export function mailKey(kind: string, recordId: string, version: string | number = 1): string {
  return `${kind}:${recordId}:${version}`.slice(0, 255);
}

/** The outbox row holding `key`, or null: a message already queued (or sent) under it. */
export function findByKey(app: CoreApp, key: string): core.Record | null {
  // Plain SQL with the index's own `key != ''` term, so SQLite uses the partial unique index
  // (idx_mail_log_key … WHERE key != ''); the filter syntax's COALESCE made every lookup scan the table.
  const found = app.findAllRecords('mail_log', $dbx.exp("key = {:key} AND key != ''", { key }));
  return found[0] ?? null;
}

/**
 * Queues `mail` through `tx` (call it inside the transaction of the change that causes it).
 * Returns the id of the row holding its key: a new `queued` row, or the row an earlier call
 * queued under that key (nothing new is written then). Throws when the write fails, which
 * rolls back the change with it.
 */
export function queueMail(tx: CoreApp, mail: QueuedMail): string {
  const existing = findByKey(tx, mail.key);
  if (existing) return existing.id;
  const now = Date.now();
  const rec = new Record(tx.findCollectionByNameOrId('mail_log'));
  rec.load({
    key: mail.key,
    to: mail.to,
    subject: mail.subject,
    kind: mail.kind,
    body: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((a) => a.name),
    attachment_data: mail.attachments ?? [],
    status: MailLogStatus.Queued,
    attempts: 0,
    queued_at: toPbDate(now),
    next_attempt_at: toPbDate(now),
    related_id: mail.relatedId ?? '',
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
  tx.save(rec);
  return rec.id;
}

/** Queues each of `mails` in its own short transaction (for changes that already committed). */
export function queueMailNow(app: CoreApp, mails: QueuedMail[]): string[] {
  const ids: string[] = [];
  app.runInTransaction((tx) => {
    for (const m of mails) ids.push(queueMail(tx, m));
  });
  return ids;
}

/**
 * This process's id, made once per process in PocketBase's app store (shared by every JSVM
 * runtime of the process, gone with it).
 */
function processId(app: CoreApp): string {
  const store = app.store();
  let id = store.get('mail_outbox_process') as string | undefined;
  if (!id) {
    id = $security.randomString(20);
    store.set('mail_outbox_process', id);
  }
  return id;
}

/** Claims row `id` for sending when it is queued and due: true for exactly one caller. */
function claim(app: CoreApp, id: string, nowMs: number): boolean {
  let claimed = false;
  app.runInTransaction((tx) => {
    let rec: core.Record;
    try {
      rec = tx.findRecordById('mail_log', id);
    } catch {
      return;
    }
    if (rec.getString('status') !== MailLogStatus.Queued) return;
    const due = parseTimestamp(rec.getString('next_attempt_at'));
    if (Number.isFinite(due) && due > nowMs) return;
    rec.set('status', MailLogStatus.Sending);
    rec.set('claimed_at', toPbDate(nowMs));
    rec.set('claimed_by', processId(app));
    rec.set('attempts', rec.getInt('attempts') + 1);
    tx.save(rec);
    claimed = true;
  });
  return claimed;
}

function mailOf(rec: core.Record): OutgoingMail {
  let attachments: Attachment[] = [];
  try {
    const raw = JSON.parse(rec.getString('attachment_data') || '[]') as unknown;
    if (Array.isArray(raw)) attachments = raw.filter((a): a is Attachment => !!a && typeof a.name === 'string' && typeof a.content === 'string');
  } catch {
    attachments = [];
  }
  let headers: Record<string, string> | undefined;
  try {
    const raw = JSON.parse(rec.getString('headers') || 'null') as unknown;
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) headers = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    headers = undefined;
  }
  return {
    to: rec.getString('to'),
    subject: rec.getString('subject'),
    html: rec.getString('html') || `<pre>${rec.getString('body')}</pre>`,
    text: rec.getString('body'),
    kind: rec.getString('kind'),
    relatedId: rec.getString('related_id'),
    attachments,
    key: rec.getString('key'),
    headers,
  };
}

/** Minutes before the next attempt after `attempts` failed ones. */
export function backoffMinutes(attempts: number): number {
  return BACKOFF_MINUTES[Math.max(0, attempts - 1)] ?? 60;
}

/** Tells the owner on the booking a message is about that it could not be delivered. */
function flagBooking(tx: CoreApp, rec: core.Record): void {
  const relatedId = rec.getString('related_id');
  if (!relatedId) return;
  let booking: core.Record;
  try {
    booking = tx.findRecordById('bookings', relatedId);
  } catch {
    return; // about a consultation or a review, or a booking since deleted
  }
  booking.set('mail_problem', `The e-mail "${rec.getString('subject')}" to ${rec.getString('to')} could not be sent: ${rec.getString('error')}`.slice(0, 1000));
  tx.save(booking);
}

/**
 * Records how the send of claimed row `id` went: sent or logged (with what its kind does after
 * sending, outbox-checks.ts), skipped (no longer wanted), queued again with backoff, or given up.
 */
function settle(
  app: CoreApp,
  id: string,
  outcome: { status: typeof MailLogStatus.Sent | typeof MailLogStatus.Logged | typeof MailLogStatus.Skipped } | { status: 'error'; error: string },
  nowMs: number,
): MailStatus | typeof MailLogStatus.Queued {
  let final: MailStatus | typeof MailLogStatus.Queued = MailLogStatus.Queued;
  app.runInTransaction((tx) => {
    const rec = tx.findRecordById('mail_log', id);
    if (rec.getString('status') !== MailLogStatus.Sending) return;
    if (outcome.status !== 'error') {
      rec.set('status', outcome.status);
      if (outcome.status !== MailLogStatus.Skipped) rec.set('sent_at', toPbDate(nowMs));
      rec.set('error', '');
      final = outcome.status;
      if (outcome.status !== MailLogStatus.Skipped) afterSent(tx, rec);
      // Sent: the stored copy loses the manage link's token (the customer's e-mail keeps it).
      if (outcome.status === MailLogStatus.Sent) {
        rec.set('body', redactManageTokens(rec.getString('body')));
        rec.set('html', redactManageTokens(rec.getString('html')));
      }
    } else {
      rec.set('error', outcome.error.slice(0, 2000));
      const queuedAt = parseTimestamp(rec.getString('queued_at'));
      if (Number.isFinite(queuedAt) && nowMs - queuedAt >= MAIL_GIVE_UP_MS) {
        rec.set('status', MailLogStatus.Failed);
        final = MailLogStatus.Failed;
        flagBooking(tx, rec);
      } else {
        rec.set('status', MailLogStatus.Queued);
        rec.set('next_attempt_at', toPbDate(nowMs + backoffMinutes(rec.getInt('attempts')) * 60_000));
      }
    }
    tx.save(rec);
  });
  return final;
}

/**
 * Sends row `id` if it is queued and due at `at` (epoch ms; the wall clock unless a job run is
 * given a time); returns its status afterwards ('queued': try again later, or not ours to send).
 */
function deliverOne(app: CoreApp, id: string, at?: number): MailStatus | typeof MailLogStatus.Queued {
  const now = () => at ?? Date.now();
  if (!claim(app, id, now())) return MailLogStatus.Queued;
  const rec = app.findRecordById('mail_log', id);
  if (!stillWanted(app, rec)) return settle(app, id, { status: MailLogStatus.Skipped }, now());
  if (!smtpEnabled(app)) return settle(app, id, { status: MailLogStatus.Logged }, now());
  try {
    smtpSend(app, mailOf(rec));
  } catch (err) {
    const error = String(err);
    // stderr as well as the app's log: the log database may be what cannot be written.
    logError(`mail: sending "${rec.getString('subject')}" to ${rec.getString('to')} failed (attempt ${rec.getInt('attempts')}): ${error}`);
    return settle(app, id, { status: 'error', error }, now());
  }
  return settle(app, id, { status: MailLogStatus.Sent }, now());
}

/**
 * Sends the rows `ids` (just queued by a committed change) now, or as at `at` (epoch ms; see
 * deliverDueMail). Never throws: a failure leaves the row queued for the job. Returns each row's
 * status afterwards, in order.
 */
export function deliverMail(app: CoreApp, ids: string[], at?: number): (MailStatus | typeof MailLogStatus.Queued)[] {
  return ids.map((id) => {
    try {
      return deliverOne(app, id, at);
    } catch (err) {
      logError(`mail: delivering ${id} failed: ${String(err)}`);
      return MailLogStatus.Queued;
    }
  });
}

/**
 * Puts rows left `sending` back in the queue: those claimed by another process (it died: only
 * one process serves a data dir) or longer ago than `olderThanMs` (a send that hung). Returns
 * how many.
 */
export function requeueInterruptedMail(app: CoreApp, olderThanMs: number, at = Date.now()): number {
  const cutoff = toPbDate(at - olderThanMs);
  const stuck = app.findRecordsByFilter('mail_log', `status = '${MailLogStatus.Sending}' && (claimed_by != {:me} || claimed_at <= {:cutoff})`, '', 0, 0, {
    me: processId(app),
    cutoff,
  } as unknown as dbx.Params);
  for (const rec of stuck) {
    app.runInTransaction((tx) => {
      const fresh = tx.findRecordById('mail_log', rec!.id);
      if (fresh.getString('status') !== MailLogStatus.Sending) return;
      fresh.set('status', MailLogStatus.Queued);
      fresh.set('next_attempt_at', toPbDate(at));
      tx.save(fresh);
    });
  }
  return stuck.length;
}

/**
 * The mail job (every minute, route-table.ts): requeues hung sends, then sends every queued row that
 * is due, oldest first, up to JOB_BATCH. Returns how many rows ended sent or logged. `at` (epoch
 * ms, default the wall clock) is the job's time: POST /api/fn/jobs/deliver-mail may give one,
 * so a test sees a retry fall due without waiting for its backoff.
 */
export function deliverDueMail(app: CoreApp, at = Date.now()): number {
  requeueInterruptedMail(app, SENDING_STALE_MS, at);
  const now = toPbDate(at);
  const due = app.findRecordsByFilter('mail_log', `status = '${MailLogStatus.Queued}' && next_attempt_at <= {:now}`, 'next_attempt_at', JOB_BATCH, 0, { now } as unknown as dbx.Params);
  const results = deliverMail(
    app,
    due.map((r) => r!.id),
    at,
  );
  return results.filter((s) => s === MailLogStatus.Sent || s === MailLogStatus.Logged).length;
}
