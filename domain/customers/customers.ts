/**
 * Customers who come back (docs/architecture.md "Data model", `customers`): the admin's list of
 * customers is derived, not stored. Bookings, consultations and reviews are grouped on the
 * customer's key (customer-key.ts, the normalised e-mail) and the `customers` record, when one
 * exists, adds what belongs to the customer rather than to one booking (the home's notes).
 * Pure: the rows are the admin mirror's (snake_case fields as PocketBase returns them; dates
 * `YYYY-MM-DD` in America/New_York; timestamps PocketBase datetimes).
 */
import { customerKey } from './customer-key';
import type { BookingRow } from '../booking/booking-row';
import type { ConsultationRow } from '../consultations/consultation-row';

/** The fields of a booking the grouping reads. */
export type CustomerBookingRow = Pick<BookingRow, 'id' | 'created_at' | 'customer_name' | 'customer_email' | 'customer_phone' | 'customer_address' | 'install_date'>;

/** The fields of a consultation request the grouping reads. */
export type CustomerConsultationRow = Pick<ConsultationRow, 'id' | 'created_at' | 'customer_name' | 'customer_email' | 'customer_phone' | 'customer_address' | 'consultation_date'>;

/** The fields of a review the grouping reads (its e-mail may be empty: its booking's then counts). */
export interface CustomerReviewRow {
  id: string;
  created_at: string;
  customer_name: string;
  customer_email: string;
  booking: string;
  service_date: string;
}

/** A `customers` record: the key, the latest known contact and the home's notes. */
export interface CustomerRecordRow {
  id: string;
  email_key: string;
  name: string;
  phone: string;
  address: string;
  notes_parking: string;
  notes_gate: string;
  notes_ornaments: string;
  notes_other: string;
  updated_at: string;
}

/** One customer as the Customers tab lists it. */
export interface CustomerSummary {
  /** The normalised e-mail (customer-key.ts). */
  key: string;
  /** The latest known name, e-mail as typed, phone and address ('' when none is known). */
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Season years of the bookings' installs, newest first (seasonYearOf). */
  seasons: number[];
  bookingIds: string[];
  consultationIds: string[];
  reviewIds: string[];
  /** The `customers` record holding the notes, or null before the owner saved any. */
  record: CustomerRecordRow | null;
}

/** Everything the grouping reads. */
export interface CustomerSources {
  bookings: readonly CustomerBookingRow[];
  consultations: readonly CustomerConsultationRow[];
  reviews: readonly CustomerReviewRow[];
  records: readonly CustomerRecordRow[];
}

/**
 * The season a date belongs to (docs/architecture.md reading 3, as `seasonOfInstall`): July to
 * December count for that year's season, January to June for the one before. NaN for a date
 * that is not `YYYY-MM-DD`.
 */
export function seasonYearOf(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return NaN;
  return Number(date.slice(0, 4)) - (date.slice(5, 7) < '07' ? 1 : 0);
}

interface Contact {
  at: string;
  name: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * Groups `sources` into customers, one per key, newest activity first. Every booking,
 * consultation and review with a key lands in exactly one customer; a review without an e-mail
 * goes to its booking's customer; rows with no key at all are left out. The contact is the most
 * recent row's (by `created_at`), each field falling back to an older row's, then to the record's.
 */
export function groupCustomers(sources: CustomerSources): CustomerSummary[] {
  const byKey = new Map<string, { s: CustomerSummary; contacts: Contact[]; lastAt: string }>();
  const entry = (key: string) => {
    let e = byKey.get(key);
    if (!e) {
      e = { s: { key, name: '', email: '', phone: '', address: '', seasons: [], bookingIds: [], consultationIds: [], reviewIds: [], record: null }, contacts: [], lastAt: '' };
      byKey.set(key, e);
    }
    return e;
  };
  const seen = (e: { lastAt: string }, at: string) => {
    if (at > e.lastAt) e.lastAt = at;
  };
  const bookingKey = new Map<string, string>();
  for (const b of sources.bookings) {
    const key = customerKey(b.customer_email);
    if (!key) continue;
    bookingKey.set(b.id, key);
    const e = entry(key);
    e.s.bookingIds.push(b.id);
    const season = seasonYearOf(b.install_date);
    if (Number.isFinite(season) && !e.s.seasons.includes(season)) e.s.seasons.push(season);
    e.contacts.push({ at: b.created_at, name: b.customer_name, email: b.customer_email.trim(), phone: b.customer_phone, address: b.customer_address });
    seen(e, b.created_at);
  }
  for (const c of sources.consultations) {
    const key = customerKey(c.customer_email);
    if (!key) continue;
    const e = entry(key);
    e.s.consultationIds.push(c.id);
    e.contacts.push({ at: c.created_at, name: c.customer_name, email: c.customer_email.trim(), phone: c.customer_phone, address: c.customer_address });
    seen(e, c.created_at);
  }
  for (const r of sources.reviews) {
    const key = customerKey(r.customer_email) || bookingKey.get(r.booking) || '';
    if (!key) continue;
    const e = entry(key);
    e.s.reviewIds.push(r.id);
    e.contacts.push({ at: r.created_at, name: r.customer_name, email: r.customer_email.trim(), phone: '', address: '' });
    seen(e, r.created_at);
  }
  for (const rec of sources.records) {
    const key = customerKey(rec.email_key);
    if (!key) continue;
    const e = entry(key);
    e.s.record = rec;
    seen(e, rec.updated_at);
  }
  const out = [...byKey.values()].map(({ s, contacts, lastAt }) => {
    contacts.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    const pick = (f: 'name' | 'email' | 'phone' | 'address', fallback: string) => contacts.find((c) => c[f].trim() !== '')?.[f].trim() ?? fallback;
    return {
      customer: {
        ...s,
        name: pick('name', s.record?.name ?? ''),
        email: pick('email', s.key),
        phone: pick('phone', s.record?.phone ?? ''),
        address: pick('address', s.record?.address ?? ''),
        seasons: [...s.seasons].sort((a, b) => b - a),
      },
      lastAt,
    };
  });
  out.sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : a.customer.key < b.customer.key ? -1 : 1));
  return out.map((o) => o.customer);
}

/** Digits only, for matching phone numbers however they were typed. */
function digits(s: string): string {
  return s.replace(/\D+/g, '');
}

/**
 * Whether `c` matches the search `query` (the Customers tab's box): every word of it must appear,
 * case-insensitively, in the name, e-mail, phone or address; a word of digits also matches the
 * phone's digits however the phone was typed ('5551234' finds '(555) 123-4'). An empty query
 * matches everyone.
 */
export function customerMatches(c: CustomerSummary, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [c.name, c.email, c.phone, c.address].join('\n').toLowerCase();
  const phoneDigits = digits(c.phone);
  return words.every((w) => hay.includes(w) || (/^[\d()+.-]+$/.test(w) && digits(w).length >= 3 && phoneDigits.includes(digits(w))));
}

/** One line of a customer's timeline. */
export type TimelineItem = { kind: 'booking'; id: string; date: string } | { kind: 'consultation'; id: string; date: string } | { kind: 'review'; id: string; date: string };

/** The items of one season, newest first. */
export interface TimelineSeason {
  /** The season's year (seasonYearOf); NaN gathers items without a date. */
  season: number;
  items: TimelineItem[];
}

/**
 * The customer page's timeline: `c`'s bookings (by install date), consultations (by their date)
 * and reviews (by their service date, else their booking's install date, else when written),
 * grouped by season, newest season and item first. Items without any date go last.
 */
export function customerTimeline(c: CustomerSummary, sources: Pick<CustomerSources, 'bookings' | 'consultations' | 'reviews'>): TimelineSeason[] {
  const items: TimelineItem[] = [];
  const bookings = new Map(sources.bookings.map((b) => [b.id, b]));
  for (const id of c.bookingIds) {
    const b = bookings.get(id);
    if (b) items.push({ kind: 'booking', id, date: b.install_date });
  }
  const consultations = new Map(sources.consultations.map((x) => [x.id, x]));
  for (const id of c.consultationIds) {
    const x = consultations.get(id);
    if (x) items.push({ kind: 'consultation', id, date: x.consultation_date });
  }
  const reviews = new Map(sources.reviews.map((x) => [x.id, x]));
  for (const id of c.reviewIds) {
    const r = reviews.get(id);
    if (r) items.push({ kind: 'review', id, date: r.service_date || bookings.get(r.booking)?.install_date || r.created_at.slice(0, 10) });
  }
  const seasons = new Map<number, TimelineItem[]>();
  for (const item of items) {
    const s = seasonYearOf(item.date);
    const list = seasons.get(s) ?? [];
    list.push(item);
    seasons.set(s, list);
  }
  const order = (a: number, b: number) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : b - a);
  return [...seasons.entries()].sort(([a], [b]) => order(a, b)).map(([season, list]) => ({ season, items: list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)) }));
}
