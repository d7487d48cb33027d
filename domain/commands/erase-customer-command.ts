/**
 * The owner erases a customer's personal data on request, as a command (docs/architecture.md
 * "The path of a command"; pb_hooks/src/lib/customers/erase-customer-route.ts binds it). The
 * customer is the normalised e-mail (domain/customers/customer-key.ts). On every record found for
 * it the name becomes ERASED_NAME, the e-mail a non-deliverable placeholder unique to the
 * record, phone and address ERASED_TEXT (both are required fields), free text '' (notes,
 * messages, a review's text, stored e-mails' bodies); uploads are unlinked (the route deletes
 * them after the commit) and job photos removed; manage links end (link_version raised, live
 * links revoked); queued mail to the customer is not sent. Amounts, dates, statuses, methods,
 * ids and receipts' numbers (a receipt e-mail's subject, which names only the amount and the
 * booking reference) stay for the books. One `erasures` row records who and when and how many
 * records of each collection changed, never the e-mail or the name. An e-mail nothing is held
 * for answers 200 with `found: false` and no counts, and writes nothing. Pure.
 */
import type { ParseResult } from '../contact-schema';
import { customerKey } from '../customers/customer-key';
import { decided, pbDate, refuse, type Change, type Command, type FieldValue } from './command';
import { MailLogStatus } from '../mail/mail-status';
import { EntryStatus, OfferStatus, waitlistTransition } from '../waitlist/waitlist-status';

/** What replaces a name on every record. */
export const ERASED_NAME = 'Erased customer';
/** What replaces a required free-text field (phone, address) and a subject that named the customer. */
export const ERASED_TEXT = 'Erased';
/** Why a queued e-mail to an erased customer was never sent (mail_log.error). */
export const ERASED_MAIL_ERROR = "Not sent: the customer's data was erased.";
/** What the erasure's 'remove' makes of an open offer (waitlistTransition: an offered entry removed, its offer ended). */
const removedOffer = waitlistTransition({ entry: EntryStatus.Offered, offer: OfferStatus.Open }, 'remove');
const ERASED_OFFER_STATUS: OfferStatus = removedOffer.ok && removedOffer.offer ? removedOffer.offer : OfferStatus.Ended;

export const ERASE_CUSTOMER_MESSAGES = {
  email: "Please enter the customer's e-mail.",
  confirm: "The e-mail typed again does not match. Type the customer's e-mail twice to erase their data.",
} as const;

/** The non-deliverable e-mail that replaces the customer's on record `id` (unique per record; `.invalid` never resolves, RFC 2606). */
export function erasedEmail(id: string): string {
  return `erased-${id}@erased.invalid`;
}

export interface EraseCustomerInput {
  /** The customer's e-mail key (trim + lower-case). */
  email: string;
}

/** A mail_log row about the customer: to them, or about one of their records. */
export interface ErasableMail {
  id: string;
  to: string;
  subject: string;
  status: MailLogStatus;
}

/** An on-site event of one of the customer's bookings. */
export interface ErasableJobEvent {
  id: string;
  kind: string;
  text: string;
  hasPhoto: boolean;
}

/**
 * What the server found for the e-mail, loaded inside the transaction. `personal` holds the
 * customer's own values seen on those records (names, e-mails, phones, addresses), to spot them
 * in text that is otherwise kept (a mail's subject, a job event's text).
 */
export interface EraseCustomerState {
  /** The owner's id (erasures.erased_by): her staff record, or a superuser's. */
  erasedBy: string;
  personal: readonly string[];
  bookings: readonly { id: string; linkVersion: number }[];
  consultations: readonly { id: string; linkVersion: number }[];
  /** The `customers` record of the key (the home's notes), if one was made. */
  customers: readonly string[];
  /** The key's `renewals` rows (domain/customers/renewals.ts): their key and link go; absent for none. */
  renewals?: readonly string[];
  testimonials: readonly string[];
  /** Charges of the bookings with a note typed at the door. */
  charges: readonly string[];
  jobEvents: readonly ErasableJobEvent[];
  mails: readonly ErasableMail[];
  /** request_keys whose stored answer names the customer or one of their records. */
  requestKeys: readonly string[];
  /** Live (unrevoked) booking_links and consultation_links rows of the records. */
  bookingLinks: readonly string[];
  consultationLinks: readonly string[];
  /** inspiration_images linked by the bookings: unlinked here, deleted by the route after the commit. */
  uploads: readonly string[];
  /** The key's waitlist entries, their statuses, and their open offers. */
  waitlist?: readonly { id: string; status: EntryStatus; openOffers: readonly string[] }[];
}

/** How many records of each collection changed (also the `erasures` row's `counts`). */
export type ErasureCounts = Record<string, number>;

export interface EraseCustomerAnswer {
  /** False when nothing was held for the e-mail (nothing written). */
  found: boolean;
  counts: ErasureCounts;
  /** Ids of the uploads to delete once the transaction committed. */
  uploads: string[];
}

/** Checks { email, confirm }: an e-mail, typed again identically (trim and case aside). */
export function parseEraseCustomer(body: Record<string, unknown>): ParseResult<EraseCustomerInput> {
  const email = typeof body.email === 'string' ? customerKey(body.email) : '';
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return { ok: false, message: ERASE_CUSTOMER_MESSAGES.email };
  const confirm = typeof body.confirm === 'string' ? customerKey(body.confirm) : '';
  if (confirm !== email) return { ok: false, message: ERASE_CUSTOMER_MESSAGES.confirm };
  return { ok: true, value: { email } };
}

/** True when `text` contains one of `personal` (case-insensitive; values under 3 characters are ignored). */
export function mentionsAny(text: string, personal: readonly string[]): boolean {
  const t = text.toLowerCase();
  return personal.some((p) => {
    const v = p.trim().toLowerCase();
    return v.length >= 3 && t.includes(v);
  });
}

/** The `customer_*` contact fields of record `id` erased: the name and e-mail, and the phone and address where the record has them. */
function erasedContact(id: string, withPhoneAndAddress = true): Record<string, FieldValue> {
  const who = { customer_name: ERASED_NAME, customer_email: erasedEmail(id) };
  return withPhoneAndAddress ? { ...who, customer_phone: ERASED_TEXT, customer_address: ERASED_TEXT } : who;
}

function update(collection: string, id: string, fields: Record<string, FieldValue>): Change {
  return { op: 'update', collection, id, fields };
}

/** The writes that erase what `state` holds at `nowMs`, and the counts per collection. */
function erasureChanges(state: EraseCustomerState, email: string, nowMs: number): { changes: Change[]; counts: ErasureCounts } {
  const now = pbDate(nowMs);
  const changes: Change[] = [];
  const counts: ErasureCounts = {};
  const add = (collection: string, c: Change[]) => {
    if (c.length === 0) return;
    changes.push(...c);
    counts[collection] = (counts[collection] ?? 0) + c.length;
  };
  add(
    'bookings',
    state.bookings.map((b) =>
      update('bookings', b.id, {
        ...erasedContact(b.id),
        notes: '',
        parking_instructions: '',
        style_special_requests: '',
        style_inspiration_images: [],
        admin_notes: '',
        cancel_message: '',
        deposit_note: '',
        mail_problem: '',
        client_ip: '',
        // A new version: the stable manage token derived from the old one no longer matches (docs/decisions/051).
        link_version: b.linkVersion + 1,
      }),
    ),
  );
  add(
    'consultation_requests',
    state.consultations.map((c) =>
      update('consultation_requests', c.id, {
        ...erasedContact(c.id),
        notes: '',
        client_ip: '',
        link_version: c.linkVersion + 1,
      }),
    ),
  );
  add(
    'customers',
    state.customers.map((id) =>
      update('customers', id, {
        email_key: erasedEmail(id),
        name: ERASED_NAME,
        phone: '',
        address: '',
        notes_parking: '',
        notes_gate: '',
        notes_ornaments: '',
        notes_other: '',
      }),
    ),
  );
  add(
    'renewals',
    (state.renewals ?? []).map((id) => update('renewals', id, { email_key: erasedEmail(id), token_hash: '' })),
  );
  add(
    'testimonials',
    // The rating and the dates stay; an approved review is unpublished (public_testimonials shows approved rows only).
    state.testimonials.map((id) =>
      update('testimonials', id, {
        ...erasedContact(id, false),
        review_text: '',
        admin_response: '',
        is_approved: false,
        is_featured: false,
        review_token: '',
      }),
    ),
  );
  add(
    'charges',
    state.charges.map((id) => update('charges', id, { note: '' })),
  );
  add(
    'job_events',
    state.jobEvents.flatMap((j) => {
      const fields: Record<string, FieldValue> = {};
      // Notes are typed about the visit and may name the customer; the history's own lines are kept unless they do.
      if (j.text && (j.kind === 'note' || j.kind === 'photo' || mentionsAny(j.text, state.personal))) fields.text = '';
      if (j.hasPhoto) fields.photo = '';
      return Object.keys(fields).length > 0 ? [update('job_events', j.id, fields)] : [];
    }),
  );
  add(
    'mail_log',
    state.mails.map((m) => {
      const unsent = m.status === MailLogStatus.Queued || m.status === MailLogStatus.Sending;
      return update('mail_log', m.id, {
        to: m.to.trim().toLowerCase() === email ? erasedEmail(m.id) : m.to,
        // A receipt's subject is its number for the books ("Receipt: … (TA-…)"); one naming the customer goes.
        subject: mentionsAny(m.subject, [...state.personal, email]) ? ERASED_TEXT : m.subject,
        body: '',
        html: '',
        attachments: [],
        attachment_data: [],
        // Queued mail is never sent: 'failed' is final for the deliver-mail job (lib/mail/mail-outbox.ts).
        ...(unsent ? { status: MailLogStatus.Failed, error: ERASED_MAIL_ERROR } : { error: '' }),
      });
    }),
  );
  add(
    'request_keys',
    // A replay of such a key then answers { erased: true }; its fingerprint went with the request's data.
    state.requestKeys.map((id) => update('request_keys', id, { answer: { erased: true }, request_fingerprint: '' })),
  );
  add(
    'booking_links',
    state.bookingLinks.map((id) => update('booking_links', id, { revoked_at: now })),
  );
  add(
    'consultation_links',
    state.consultationLinks.map((id) => update('consultation_links', id, { revoked_at: now })),
  );
  add(
    'waitlist_entries',
    // Out of line too: an erased customer is offered nothing more (the waitlist contract).
    (state.waitlist ?? []).map((w) => {
      const removed = waitlistTransition({ entry: w.status, offer: w.openOffers.length > 0 ? OfferStatus.Open : null }, 'remove');
      return update('waitlist_entries', w.id, {
        email_key: erasedEmail(w.id),
        name: ERASED_NAME,
        email: erasedEmail(w.id),
        phone: '',
        choices: {},
        client_ip: '',
        leave_token_hash: '',
        ...(removed.ok ? { status: removed.entry } : {}),
      });
    }),
  );
  add(
    'waitlist_offers',
    // An open offer ends whether or not its entry was still in line ('remove' ends it: waitlistTransition).
    (state.waitlist ?? []).flatMap((w) => w.openOffers.map((id) => update('waitlist_offers', id, { status: ERASED_OFFER_STATUS, token_hash: '' }))),
  );
  if (state.uploads.length > 0) counts.inspiration_images = state.uploads.length;
  return { changes, counts };
}

export const eraseCustomerCommand: Command<EraseCustomerInput, EraseCustomerState, never, EraseCustomerAnswer> = {
  name: 'erase-customer',
  parse: (body) => parseEraseCustomer(body),
  // The fingerprint names no e-mail: request_keys keeps it 30 days and must not hold a hash of the
  // erased address. The dialog takes a fresh key for each e-mail it erases.
  idempotency: { by: 'key', header: 'required', fingerprint: () => 'erase-customer' },
  decide(state, input, nowMs) {
    if (!state.erasedBy) return refuse(403, 'Only the owner may erase a customer.');
    const { changes, counts } = erasureChanges(state, input.email, nowMs);
    if (changes.length === 0 && state.uploads.length === 0) return decided([], { found: false, counts: {}, uploads: [] });
    changes.push({ op: 'create', collection: 'erasures', fields: { erased_by: state.erasedBy, erased_at: pbDate(nowMs), counts } });
    return decided(changes, { found: true, counts, uploads: [...state.uploads] });
  },
};
