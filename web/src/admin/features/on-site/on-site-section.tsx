import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { JOB_EVENT_MESSAGES, MAX_JOB_EVENT_TEXT } from '@domain/booking/job-events';
import { MAX_ADMIN_NOTES } from '@domain/booking/admin-notes';
import { adminDb } from '@/admin/core/db';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminBooking, AdminJobEvent } from '@/admin/core/model/records';
import { formatTimestamp } from '@/admin/ui/format';
import type { OutboxEntry, StoredPhoto } from '@/admin/core/model/outbox-entry';
import { isEntryOf } from '@/admin/core/outbox/action-registry';
import { resizePhoto } from '@/admin/device/photo-resize';
import { OutboxEntryItem, OutboxStatePill } from '@/admin/ui/outbox-entry-item';
import { Pill } from '@/admin/ui/pill';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { FormProblem } from '@/admin/ui/form-problem';
import { jobPhotoUrl, usePhotoToken } from '@/admin/ui/use-photo-token';
import { businessToday, formatLongDate } from '@domain/schedule/calendar';
import { PaymentsPanel } from './payments-panel';

/** An object URL for a queued photo's bytes, revoked when no longer shown. */
function useObjectUrl(photo: StoredPhoto | null | undefined): string {
  const url = useMemo(() => (photo ? URL.createObjectURL(new Blob([photo.bytes], { type: photo.type })) : ''), [photo]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

const EVENT_LABELS: Record<string, string> = {
  note: 'Note',
  photo: 'Photo',
  install_done: 'Install done',
  removal_done: 'Removal done',
  customer_change: 'Changed by the customer',
  owner_change: 'Changed in the admin',
  reminder_sent: 'Reminder sent',
};

function EventPhoto({ event, entry, token }: { event: AdminJobEvent; entry?: OutboxEntry; token: string }) {
  const queuedUrl = useObjectUrl((entry?.payload.photo as StoredPhoto | undefined) ?? null);
  const src = queuedUrl || (event.photo && token ? jobPhotoUrl(event.id, event.photo, token) : '');
  if (!src) return <p className="muted">Photo (shown when online)</p>;
  return <img className="admin-onsite__photo" src={src} alt={event.text ? `Photo: ${event.text}` : 'Photo of the finished tree'} width={240} height={180} />;
}

/** One job event: kind, time, text or photo, and 'Queued' until the server has it. */
function EventItem({ event, entry, token }: { event: AdminJobEvent; entry?: OutboxEntry; token: string }) {
  return (
    <li className="admin-onsite__event">
      <div className="admin-outbox-item__head">
        <strong>{EVENT_LABELS[event.kind] ?? event.kind}</strong>
        <span className="muted">{formatTimestamp(event.occurred_at)}</span>
        {entry && <OutboxStatePill entry={entry} />}
      </div>
      {event.text && <p className="admin-prewrap">{event.text}</p>}
      {event.kind === 'photo' && <EventPhoto event={event} entry={entry} token={token} />}
    </li>
  );
}

/**
 * 'Undo' beside an action still in its undo window (a done mark, domain: UNDO_MS), inside the
 * dialog where the thumb is (a toast's button sits behind the modal dialog); gone once the
 * window ends and the action leaves the phone.
 */
function UndoButton({ entry, what }: { entry: OutboxEntry; what: string }) {
  const [, setTick] = useState(0);
  const left = (entry.undoUntil ?? 0) - Date.now();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((t) => t + 1), left);
    return () => clearTimeout(timer);
  }, [left]);
  if (left <= 0) return null;
  const undo = async () => {
    if (!(await adminMutations.undo(entry.id))) toast.error('Too late to undo', { description: `The ${what} was already sent.` });
  };
  return (
    <button type="button" className="button" onClick={() => void undo()}>
      Undo
    </button>
  );
}

/** A done mark: the server's time, or the queued local mark (with Undo for a few seconds), or the button. */
function DoneMark({ booking, kind, events, entries }: { booking: AdminBooking; kind: 'install_done' | 'removal_done'; events: AdminJobEvent[]; entries: Map<string, OutboxEntry> }) {
  const label = kind === 'install_done' ? 'Install' : 'Removal';
  const serverAt = kind === 'install_done' ? booking.install_done_at : booking.removal_done_at;
  const local = events.find((e) => e.kind === kind);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (serverAt)
    return (
      <p className="admin-onsite__done">
        <Pill tone="green">{label} done</Pill> {formatTimestamp(serverAt)}
      </p>
    );
  if (local) {
    const entry = entries.get(local.id);
    return (
      <p className="admin-onsite__done">
        <Pill tone="green">{label} done</Pill> {formatTimestamp(local.occurred_at)} {entry && <OutboxStatePill entry={entry} />}
        {entry && <UndoButton entry={entry} what={`${label.toLowerCase()} done mark`} />}
      </p>
    );
  }
  const mark = async () => {
    setBusy(true);
    try {
      await adminMutations.markDone(booking.id, kind);
    } finally {
      setBusy(false);
    }
  };
  // A visit not due yet is more likely a slip of the thumb: ask first.
  const visitDate = kind === 'install_done' ? booking.install_date : booking.removal_date;
  const early = !!visitDate && visitDate > businessToday(new Date());
  return (
    <>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => (early ? setAsking(true) : void mark())}>
        Mark {label.toLowerCase()} done
      </button>
      <ConfirmDialog
        open={asking}
        title={`Mark the ${label.toLowerCase()} done already?`}
        message={`The ${label.toLowerCase()} is scheduled for ${formatLongDate(visitDate)}, which has not come yet.`}
        confirmLabel={`Mark ${label.toLowerCase()} done`}
        busyLabel="Marking..."
        onConfirm={mark}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/**
 * On site (docs/decisions/016): Mark install done, Mark removal done, payments taken at the
 * door (docs/decisions/030), a Note with Add
 * note, a photo of the finished tree (made smaller on the phone), the admin's own notes, and
 * everything recorded for the booking so far. Each action works without a connection: it is
 * shown at once, marked 'Queued' until the server has it; what the server refused shows its
 * message with Retry and Discard.
 */
export function OnSiteSection({ booking, active }: { booking: AdminBooking; active: boolean }) {
  const data = useLiveQuery(async () => {
    const db = adminDb();
    const [events, entries] = await Promise.all([db.jobEvents.where('booking').equals(booking.id).toArray(), db.outbox.where('bookingId').equals(booking.id).sortBy('seq')]);
    return { events, entries };
  }, [booking.id]);
  const events = useMemo(() => [...(data?.events ?? [])].sort((a, b) => b.occurred_at.localeCompare(a.occurred_at)), [data]);
  const entries = useMemo(() => new Map((data?.entries ?? []).map((e) => [e.id, e])), [data]);
  const token = usePhotoToken(active && events.some((e) => e.kind === 'photo' && !!e.photo));
  const [note, setNote] = useState('');
  const [photoBusy, setPhotoBusy] = useState(false);
  // The note's or the photo's problem, shown under them as well as in a toast.
  const [problem, setProblem] = useState('');
  const pendingNotes = [...entries.values()].filter((e) => isEntryOf(e, 'admin_notes'));
  const latestNotesEdit = pendingNotes.at(-1);
  const shownNotes = latestNotesEdit ? String(latestNotesEdit.payload.adminNotes) : (booking.admin_notes ?? '');
  const [notesDraft, setNotesDraft] = useState<string | null>(null);
  const others = [...entries.values()].filter((e) => e.kind === 'charge' || e.kind === 'review_request' || e.state === 'needs_attention');

  const addNote = async () => {
    const text = note.trim();
    if (!text) {
      toast.error('Error', { description: JOB_EVENT_MESSAGES.noteEmpty });
      setProblem(JOB_EVENT_MESSAGES.noteEmpty);
      return;
    }
    setProblem('');
    // Cleared at once, so the next note can be typed while this one is being stored.
    setNote('');
    await adminMutations.addNote(booking.id, text);
  };
  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    setProblem('');
    try {
      await adminMutations.addPhoto(booking.id, await resizePhoto(file), '');
    } catch (err) {
      const message = err instanceof Error ? err.message : 'The photo could not be added.';
      toast.error('Error', { description: message });
      setProblem(message);
    } finally {
      setPhotoBusy(false);
    }
  };
  const saveNotes = async () => {
    if (notesDraft === null) return;
    await adminMutations.saveAdminNotes(booking.id, notesDraft);
    setNotesDraft(null);
  };

  return (
    <section className="admin-section admin-onsite" aria-label="On site">
      <h3>On site</h3>
      <div className="admin-actions admin-onsite__marks">
        <DoneMark booking={booking} kind="install_done" events={events} entries={entries} />
        {booking.removal_date && <DoneMark booking={booking} kind="removal_done" events={events} entries={entries} />}
      </div>
      <PaymentsPanel booking={booking} entries={entries} />
      <div className="field">
        <label htmlFor={`note-${booking.id}`}>Note</label>
        <textarea id={`note-${booking.id}`} rows={3} maxLength={MAX_JOB_EVENT_TEXT} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="admin-actions">
        <button type="button" className="button" onClick={() => void addNote()}>
          Add note
        </button>
        <label className={`button${photoBusy ? ' is-busy' : ''}`} htmlFor={`photo-${booking.id}`}>
          {photoBusy ? 'Adding photo...' : 'Add photo'}
        </label>
        <input
          id={`photo-${booking.id}`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={photoBusy}
          onChange={(e) => {
            void addPhoto(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <FormProblem problem={problem} />
      {others.length > 0 && (
        <ul className="admin-outbox-list" aria-label="Waiting for the server">
          {others.map((e) => (
            <OutboxEntryItem key={e.id} entry={e} />
          ))}
        </ul>
      )}
      {events.length > 0 && (
        <ul className="admin-onsite__events" aria-label="Recorded on site">
          {events.map((ev) => (
            <EventItem key={ev.id} event={ev} entry={entries.get(ev.id)} token={token} />
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`admin-notes-${booking.id}`}>Admin notes {latestNotesEdit && <OutboxStatePill entry={latestNotesEdit} />}</label>
        <textarea id={`admin-notes-${booking.id}`} rows={3} maxLength={MAX_ADMIN_NOTES} value={notesDraft ?? shownNotes} onChange={(e) => setNotesDraft(e.target.value)} />
      </div>
      <div className="admin-actions">
        <button type="button" className="button" disabled={notesDraft === null || notesDraft === shownNotes} onClick={() => void saveNotes()}>
          Save notes
        </button>
      </div>
    </section>
  );
}
