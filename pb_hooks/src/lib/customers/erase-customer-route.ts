/**
 * POST /api/fn/admin-customers/erase, the owner only (an admin; other staff may not erase): erases a
 * customer's personal data on request. On the command runner (lib/commands/run-command.ts); the
 * rule is domain/commands/erase-customer-command.ts.
 * Header Idempotency-Key (required); body { email, confirm } (confirm: the same e-mail typed
 * again) → 200 { found, counts, uploadsDeleted }: `counts` says how many records of each
 * collection changed (also stored, with who and when, in `erasures`); an e-mail nothing is held
 * for answers { found: false, counts: {} } and writes nothing (so a second erase says so). A
 * replay of the key answers the first answer. Refused: 400 a missing e-mail or a confirmation
 * that does not match; 401 signed out, 403 anyone but the owner (route-table.ts 'admin').
 *
 * Found by the e-mail key (trim + lower-case): bookings, consultation_requests and testimonials
 * with that customer_email (and the reviews of those bookings); of those records, their charges
 * with a door note, job events, live booking_links / consultation_links, the mail_log rows to
 * the address or about the records or their charges (related_id), the request_keys whose
 * stored answer names the address or a record, and the inspiration_images the bookings link
 * to. The uploads are unlinked in the transaction and deleted right after the commit
 * (lib/bookings/inspiration-orphans.ts deleteUnlinkedUploads: the runner writes no deletes);
 * if that fails, the hourly orphan job deletes them, since nothing links to them any more.
 *
 * Then, after the commit, the write-ahead log is checkpointed with TRUNCATE (`checkpointWal`):
 * the WAL keeps the pages as they were before the erasure until the next checkpoint, so a
 * file-level copy of `data.db-wal` would hold the erased values; after it the log is empty and
 * `data.db` (opened with secure_delete, pb/secure_delete.go) holds none of them
 * (docs/decisions/054, amendment of 2026-11-29).
 */
import { linkedInspirationIds } from '@domain/booking/inspiration-images';
import { eraseCustomerCommand, type EraseCustomerAnswer, type EraseCustomerInput, type EraseCustomerState } from '@domain/commands/erase-customer-command';
import { deleteUnlinkedUploads } from '../bookings/inspiration-orphans';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { idsWhere, inList, jsonValueOf } from './erase-customer-sql';
import { logWarning } from '../log';
import { asMailLogStatus } from '@domain/mail/mail-status';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { waitlistEntryField } from '../waitlist-row';
import { consultationField } from '../consultation-row';

/**
 * Copies every page of data.db's write-ahead log into the database and empties the log
 * (`PRAGMA wal_checkpoint(TRUNCATE)`), so no page from before a commit stays in `data.db-wal`.
 * Run after the transaction, on the one writer connection. A reader still holding an older
 * snapshot makes SQLite answer busy: retried a few times 50 ms apart, then logged (the next
 * automatic checkpoint, at 1,000 pages, copies them in the end). Returns whether it completed.
 */
export function checkpointWal(app: CoreApp): boolean {
  for (let attempt = 0; attempt < 5; attempt++) {
    const r = new DynamicModel({ busy: 0, log: 0, checkpointed: 0 }) as unknown as { busy: number; log: number; checkpointed: number };
    app.nonconcurrentDB().newQuery('PRAGMA wal_checkpoint(TRUNCATE)').one(r);
    if (r.busy === 0) return true;
    sleep(50);
  }
  logWarning('erase-customer: the write-ahead log could not be checkpointed; the next automatic checkpoint empties it');
  return false;
}

/** The record's fields read as plain strings. */
function strings(r: core.Record, fields: readonly string[]): string[] {
  return fields.map((f) => r.getString(f)).filter((v) => v !== '');
}

/** Reads, inside the transaction, every record of the customer with e-mail key `email`. */
function loadErasable(tx: CoreApp, email: string, erasedBy: string): EraseCustomerState {
  const byEmail = (collection: string) => idsWhere(tx, `SELECT id FROM ${collection} WHERE lower(trim(customer_email)) = {:email}`, { email });
  const bookings = byEmail('bookings').map((id) => tx.findRecordById('bookings', id));
  const consultations = byEmail('consultation_requests').map((id) => tx.findRecordById('consultation_requests', id));
  const bookingIds = bookings.map((b) => b.id);
  const consultationIds = consultations.map((c) => c.id);
  const ofBookings = inList('b', bookingIds);
  const testimonialIds = idsWhere(tx, `SELECT id FROM testimonials WHERE lower(trim(customer_email)) = {:email} OR booking IN (${ofBookings.sql})`, { email, ...ofBookings.params });
  const testimonials = testimonialIds.map((id) => tx.findRecordById('testimonials', id));

  const personal = [
    email,
    ...bookings.flatMap((b) => strings(b, ['customer_name', 'customer_email', 'customer_phone', 'customer_address'])),
    ...consultations.flatMap((c) => strings(c, ['customer_name', 'customer_email', 'customer_phone', 'customer_address'])),
    ...testimonials.flatMap((t) => strings(t, ['customer_name', 'customer_email'])),
  ];

  const charges = idsWhere(tx, `SELECT id FROM charges WHERE note != '' AND booking IN (${ofBookings.sql})`, ofBookings.params);
  const jobEvents = idsWhere(tx, `SELECT id FROM job_events WHERE booking IN (${ofBookings.sql})`, ofBookings.params).map((id) => {
    const j = tx.findRecordById('job_events', id);
    return { id, kind: j.getString('kind'), text: j.getString('text'), hasPhoto: j.getString('photo') !== '' };
  });

  // An owner's notice about a charge (a failed or late payment) is related to the charge.
  const chargeIds = idsWhere(tx, `SELECT id FROM charges WHERE booking IN (${ofBookings.sql})`, ofBookings.params);
  // The waitlist's entries of the key (their e-mails are related to the entry).
  const waitlistIds = idsWhere(tx, `SELECT id FROM waitlist_entries WHERE email_key = {:email}`, { email });
  const related = inList('r', [...bookingIds, ...consultationIds, ...testimonialIds, ...chargeIds, ...waitlistIds]);
  const mails = idsWhere(tx, `SELECT id FROM mail_log WHERE lower(trim("to")) = {:email} OR related_id IN (${related.sql})`, { email, ...related.params }).map((id) => {
    const m = tx.findRecordById('mail_log', id);
    return { id, to: m.getString('to'), subject: m.getString('subject'), status: asMailLogStatus(m.getString('status')) };
  });

  // A stored answer (the booking as answered) names the address, or at least the record's id.
  const needles = [email, ...bookingIds, ...consultationIds, ...testimonialIds];
  const named = needles.map((_, i) => `instr(lower(answer), {:n${i}}) > 0`).join(' OR ');
  const requestKeys = idsWhere(tx, `SELECT id FROM request_keys WHERE ${named}`, Object.fromEntries(needles.map((n, i) => [`n${i}`, n.toLowerCase()])));

  const ofConsultations = inList('c', consultationIds);
  const bookingLinks = idsWhere(tx, `SELECT id FROM booking_links WHERE revoked_at = '' AND booking IN (${ofBookings.sql})`, ofBookings.params);
  const consultationLinks = idsWhere(tx, `SELECT id FROM consultation_links WHERE revoked_at = '' AND consultation IN (${ofConsultations.sql})`, ofConsultations.params);

  const uploadsCollection = tx.findCollectionByNameOrId('inspiration_images');
  const uploads = [...new Set(bookings.flatMap((b) => linkedInspirationIds(jsonValueOf(b, 'style_inspiration_images'), { id: uploadsCollection.id, name: uploadsCollection.name })))].filter((id) => {
    try {
      tx.findRecordById('inspiration_images', id);
      return true;
    } catch {
      return false; // already gone (the orphan job, or another booking's erasure)
    }
  });

  // The customer's own record (notes, the latest contact): found by its key, like the rest.
  const customers = idsWhere(tx, `SELECT id FROM customers WHERE email_key = {:email}`, { email });
  const renewals = idsWhere(tx, `SELECT id FROM renewals WHERE email_key = {:email}`, { email });

  return {
    erasedBy,
    personal,
    customers,
    renewals,
    bookings: bookings.map((b) => ({ id: b.id, linkVersion: b.getInt('link_version') })),
    consultations: consultations.map((c) => ({ id: c.id, linkVersion: consultationField(c, 'link_version') })),
    testimonials: testimonialIds,
    charges,
    jobEvents,
    mails,
    requestKeys,
    bookingLinks,
    consultationLinks,
    uploads,
    waitlist: waitlistIds.map((id) => {
      const w = tx.findRecordById('waitlist_entries', id);
      const openOffers = idsWhere(tx, `SELECT id FROM waitlist_offers WHERE entry = {:id} AND status = '${OfferStatus.Open}'`, { id });
      return { id, status: waitlistEntryField(w, 'status'), openOffers };
    }),
  };
}

/**
 * The erase command for the owner `ownerId` (the id recorded in `erasures.erased_by`;
 * the runner's context names staff only).
 */
export function eraseCustomerFor(ownerId: string): ServerCommand<EraseCustomerInput, EraseCustomerState, never, EraseCustomerAnswer> {
  return {
    command: eraseCustomerCommand,
    path: '/api/fn/admin-customers/erase',
    load: (tx, input) => loadErasable(tx, input.email, ownerId),
    respond(app, a) {
      let uploadsDeleted = 0;
      if (a.uploads.length > 0) {
        app.runInTransaction((tx) => {
          uploadsDeleted = deleteUnlinkedUploads(tx, a.uploads);
        });
      }
      if (a.found) checkpointWal(app);
      return { found: a.found, counts: a.counts, uploadsDeleted };
    },
  };
}

export function eraseCustomerRoute(e: core.RequestEvent): void {
  // runCommand lets only the owner through (route-table.ts 'admin'); her id is what is recorded.
  runCommand(e, eraseCustomerFor(e.auth?.id ?? ''));
}
