import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { bookingStatusLabel, bookingStatusTone, packageTitle } from '@domain/booking/display';
import { bookAgainQuery } from '@domain/customers/book-again';
import { CUSTOMER_LIMITS, CUSTOMER_NOTE_FIELDS, CUSTOMER_NOTE_LABELS, type CustomerNotes } from '@domain/customers/customer-notes';
import { customerKey } from '@domain/customers/customer-key';
import { customerTimeline, type CustomerSummary, type TimelineItem } from '@domain/customers/customers';
import { balanceOf, bookingLedger, groupByBooking } from '@domain/money/booking-money';
import { formatCents } from '@domain/money/cents';
import { adminDb } from '@/admin/core/db';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminCharge, AdminJobEvent } from '@/admin/core/model/records';
import { isEntryOf } from '@/admin/core/outbox/action-registry';
import { useOutboxEntries } from '@/admin/core/use-outbox';
import { ContactFacts } from '@/admin/ui/contact-links';
import { formatShortDate, treeSizeLabel } from '@/admin/ui/format';
import { Pill } from '@/admin/ui/pill';
import { reportError } from '@/admin/ui/report-error';
import { jobPhotoUrl, usePhotoToken } from '@/admin/ui/use-photo-token';
import { paths } from '@/lib/paths';
import { EraseCustomerDialog } from './erase-customer-dialog';
import type { CustomerData } from './use-customers';

const NO_CHARGES: readonly AdminCharge[] = [];
const EMPTY_NOTES: CustomerNotes = { notes_parking: '', notes_gate: '', notes_ornaments: '', notes_other: '' };

interface CustomerPageProps {
  customer: CustomerSummary;
  data: CustomerData;
  onOpenBooking: (id: string) => void;
  onOpenConsultation: (id: string) => void;
  /** After an erasure: the customer is gone from the mirror, so the tab goes back to the list. */
  onErased: () => void;
}

/**
 * A customer's page (docs/architecture.md "Data model", `customers`): the contact, 'Book again'
 * (the phone booking with the contact and the last booking's choices, domain/customers/book-again.ts),
 * the home's notes (saved through the outbox, offline too: the latest queued edit shows until
 * the server's record replaces it), and the timeline by season: bookings with their status and
 * money from the ledger (domain/money/booking-money.ts), consultations and reviews, and the
 * finished-tree photos of each season (the visits' on-site photos); and 'Erase
 * personal data' (erase-customer-dialog.tsx, online only).
 */
export function CustomerPage({ customer, data, onOpenBooking, onOpenConsultation, onErased }: CustomerPageProps) {
  const [erasing, setErasing] = useState(false);
  const timeline = useMemo(() => customerTimeline(customer, { ...data, reviews: data.reviews.map((r) => ({ ...r, booking: r.booking ?? '', service_date: r.service_date ?? '' })) }), [customer, data]);
  const bookings = useMemo(() => new Map(data.bookings.map((b) => [b.id, b])), [data.bookings]);
  const consultations = useMemo(() => new Map(data.consultations.map((c) => [c.id, c])), [data.consultations]);
  const reviews = useMemo(() => new Map(data.reviews.map((r) => [r.id, r])), [data.reviews]);
  const charges = useLiveQuery(() => adminDb().charges.where('booking').anyOf(customer.bookingIds).toArray(), [customer.bookingIds.join(',')]);
  const chargesOf = useMemo(() => groupByBooking(charges ?? []), [charges]);
  // The finished-tree photos the owner took at each visit (on-site job events), shown by season.
  const jobEvents = useLiveQuery(() => adminDb().jobEvents.where('booking').anyOf(customer.bookingIds).toArray(), [customer.bookingIds.join(',')]);
  const photosOf = useMemo(() => {
    const out = new Map<string, AdminJobEvent[]>();
    for (const e of jobEvents ?? []) if (e.kind === 'photo' && e.photo) out.set(e.booking, [...(out.get(e.booking) ?? []), e]);
    return out;
  }, [jobEvents]);
  const photoToken = usePhotoToken(photosOf.size > 0);
  // The latest booking (by install date) gives 'Book again' its choices.
  const last = customer.bookingIds
    .map((id) => bookings.get(id))
    .filter((b) => !!b)
    .sort((a, b) => (a.install_date < b.install_date ? 1 : -1))[0];
  const bookAgainHref = `${paths.adminNewBooking}?${new URLSearchParams(bookAgainQuery(customer, last ?? null)).toString()}`;

  const item = (it: TimelineItem) => {
    if (it.kind === 'booking') {
      const b = bookings.get(it.id);
      if (!b) return null;
      const ledger = bookingLedger(b, chargesOf.get(b.id) ?? NO_CHARGES);
      return (
        <li key={`b-${it.id}`} className="admin-customer-item">
          <button type="button" className="admin-link" onClick={() => onOpenBooking(b.id)}>
            Booking: {formatShortDate(b.install_date)}, {packageTitle(b.package_type)}, {treeSizeLabel(b.tree_size)}
          </button>{' '}
          <Pill tone={bookingStatusTone(b.status)}>{bookingStatusLabel(b.status)}</Pill>
          <span className="muted">
            {' '}
            Total {formatCents(ledger.money.owedCents)} · paid {formatCents(ledger.money.paidCents)} · balance {formatCents(balanceOf(ledger))}
          </span>
        </li>
      );
    }
    if (it.kind === 'consultation') {
      const c = consultations.get(it.id);
      if (!c) return null;
      return (
        <li key={`c-${it.id}`} className="admin-customer-item">
          <button type="button" className="admin-link" onClick={() => onOpenConsultation(c.id)}>
            Consultation: {formatShortDate(c.consultation_date)} at {c.consultation_time_slot}
          </button>{' '}
          <Pill tone="grey">{c.status}</Pill>
        </li>
      );
    }
    const r = reviews.get(it.id);
    if (!r) return null;
    return (
      <li key={`r-${it.id}`} className="admin-customer-item">
        Review: <span aria-label={`${r.rating} stars`}>{'★'.repeat(Math.max(0, Math.min(5, r.rating)))}</span> {r.review_text && <span className="admin-prewrap">“{r.review_text}”</span>}
      </li>
    );
  };

  return (
    <div className="admin-details admin-customer-page">
      <h2>{customer.name || customer.email}</h2>
      <section className="admin-section" aria-labelledby="customer-contact">
        <h3 id="customer-contact">Contact</h3>
        <dl className="admin-facts">
          <ContactFacts email={customer.email} phone={customer.phone} address={customer.address} />
        </dl>
        <p>
          <Link to={bookAgainHref} className="button button--primary">
            Book again
          </Link>
        </p>
      </section>
      <CustomerNotesForm customer={customer} />
      <section className="admin-section" aria-labelledby="customer-timeline">
        <h3 id="customer-timeline">Seasons</h3>
        {timeline.length === 0 ? (
          <p className="admin-empty">Nothing booked yet.</p>
        ) : (
          timeline.map((s) => (
            <div key={String(s.season)}>
              <h4>{Number.isNaN(s.season) ? 'Undated' : `Season ${s.season}`}</h4>
              <ul className="admin-customer-items">{s.items.map(item)}</ul>
              <SeasonPhotos season={s.season} photos={s.items.flatMap((it) => (it.kind === 'booking' ? (photosOf.get(it.id) ?? []) : []))} token={photoToken} />
            </div>
          ))
        )}
      </section>
      <section className="admin-section" aria-labelledby="customer-data">
        <h3 id="customer-data">Personal data</h3>
        <p className="muted">On the customer's request: their name, contact, notes and uploads go from every record; the money stays for the books.</p>
        <button type="button" className="button button--danger" onClick={() => setErasing(true)}>
          Erase personal data
        </button>
        <EraseCustomerDialog open={erasing} onClose={() => setErasing(false)} onErased={onErased} email={customer.email || customer.key} name={customer.name} />
      </section>
    </div>
  );
}

/** A season's finished-tree photos, oldest first; shown when online (the files are protected). */
function SeasonPhotos({ season, photos, token }: { season: number; photos: AdminJobEvent[]; token: string }) {
  if (photos.length === 0) return null;
  const label = Number.isNaN(season) ? 'Photos' : `Photos of season ${season}`;
  if (!token) return <p className="muted">{`${label}: ${photos.length}, shown when online.`}</p>;
  const sorted = [...photos].sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
  return (
    <ul className="admin-customer-photos" aria-label={label}>
      {sorted.map((p) => (
        <li key={p.id}>
          <img src={jobPhotoUrl(p.id, p.photo ?? '', token)} alt={p.text ? `Photo: ${p.text}` : 'Photo of the finished tree'} width={160} height={120} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The home's notes, carried from season to season: the latest edit queued on this device (not
 * yet on the server), else the record's; saved through the outbox (the customer_notes action,
 * offline too), the server creating the record on the first save.
 */
function CustomerNotesForm({ customer }: { customer: CustomerSummary }) {
  const entries = useOutboxEntries();
  const pending = (entries ?? []).filter((e) => isEntryOf(e, 'customer_notes') && customerKey(String(e.payload.email ?? '')) === customer.key).at(-1);
  const stored: CustomerNotes = pending ? { ...EMPTY_NOTES, ...(pending.payload.notes as CustomerNotes) } : customer.record ? pick(customer.record) : EMPTY_NOTES;
  const [draft, setDraft] = useState<CustomerNotes | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? stored;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      await adminMutations.queueAction('customer_notes', {
        email: customer.email,
        name: customer.name,
        phone: customer.phone,
        address: customer.address,
        notes: draft,
        editedAt: new Date().toISOString(),
      });
      setDraft(null);
    } catch (err) {
      reportError(err, 'The notes could not be saved on this device.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="customer-notes">
      <h3 id="customer-notes">Home notes</h3>
      <form onSubmit={(e) => void save(e)}>
        {CUSTOMER_NOTE_FIELDS.map((f) => (
          <div className="field" key={f}>
            <label htmlFor={`customer-${f}`}>{CUSTOMER_NOTE_LABELS[f]}</label>
            <textarea id={`customer-${f}`} rows={2} maxLength={CUSTOMER_LIMITS.note} value={shown[f]} onChange={(e) => setDraft({ ...shown, [f]: e.target.value })} />
          </div>
        ))}
        <button type="submit" className="button button--primary" disabled={!draft || saving}>
          {saving ? 'Saving…' : 'Save notes'}
        </button>
        {draft && (
          <button type="button" className="button" onClick={() => setDraft(null)}>
            Discard changes
          </button>
        )}
        <p role="status" className="muted">
          {pending ? (pending.state === 'needs_attention' ? 'Not saved: see Changes on this device.' : 'Saved on this device; sending…') : ''}
        </p>
      </form>
    </section>
  );
}

function pick(r: CustomerNotes): CustomerNotes {
  return { notes_parking: r.notes_parking ?? '', notes_gate: r.notes_gate ?? '', notes_ornaments: r.notes_ornaments ?? '', notes_other: r.notes_other ?? '' };
}
