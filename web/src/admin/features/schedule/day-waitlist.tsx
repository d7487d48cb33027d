import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatSlotRange } from '@domain/schedule/slots';
import { parseTimestamp } from '@domain/schedule/calendar';
import { packageTitle } from '@domain/booking/display';
import { adminMirror } from '@/admin/core/admin-data';
import { adminDb } from '@/admin/core/db';
import { offerWaitlistSlot, removeWaitlistEntry, skipWaitlistEntry, type WaitlistAnswer } from '@/admin/core/mutations';
import { fetchDaySlots, type DaySlots } from '@/admin/core/reads';
import type { AdminWaitlistEntry } from '@/admin/core/model/records';
import { useOnline } from '@/admin/core/use-admin-sync';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { EmailLink, PhoneLink } from '@/admin/ui/contact-links';
import { FormProblem } from '@/admin/ui/form-problem';
import { Modal } from '@/admin/ui/modal';
import { Pill } from '@/admin/ui/pill';
import { formatTimeOfDay, formatTimestamp, treeSizeLabel } from '@/admin/ui/format';
import { errorMessage } from '@/lib/pb';
import { EntryStatus } from '@domain/waitlist/waitlist-status';
import { dayWaitlist, ENTRY_STATUS_TEXT, offerStateText, type DayWaitlistRow } from './waitlist-data';

type Action = { kind: 'offer' | 'skip' | 'remove'; entry: AdminWaitlistEntry } | null;

/** The answer of an owner's action into the mirror (the entry, and the offer made or ended). */
async function applyAnswer(answer: WaitlistAnswer): Promise<void> {
  const mirror = adminMirror();
  await mirror.apply('waitlist_entries', [answer.entry]);
  if (answer.offer) await mirror.apply('waitlist_offers', [answer.offer]);
}

/** One Idempotency-Key per action on an entry until it gets a final answer, so a retry after a lost answer acts once. */
function useActionKeys() {
  const keys = useRef(new Map<string, string>());
  return {
    key: (what: string) => {
      let k = keys.current.get(what);
      if (!k) keys.current.set(what, (k = `waitlist-${crypto.randomUUID()}`));
      return k;
    },
    done: (what: string) => keys.current.delete(what),
  };
}

function OfferTimeDialog({ entry, onClose, onOffered }: { entry: AdminWaitlistEntry; onClose: () => void; onOffered: (slot: string) => Promise<void> }) {
  const id = useId();
  const [slots, setSlots] = useState<DaySlots | 'loading' | 'failed'>('loading');
  const [slot, setSlot] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const asked = useRef(false);
  if (!asked.current) {
    asked.current = true;
    fetchDaySlots(entry.date, entry.tree_size, entry.kind, entry.package_type).then(setSlots, () => setSlots('failed'));
  }
  const free = slots !== 'loading' && slots !== 'failed' ? slots.slots.filter((s) => s.available) : [];
  const offer = async () => {
    if (!slot) return setProblem('Please choose a time to offer.');
    setBusy(true);
    setProblem('');
    try {
      await onOffered(slot);
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'The offer could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={`Offer a time to ${entry.name}`}
      description={<p>The time is held for them for the offer window, and they are e-mailed a link to book it.</p>}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => void offer()} disabled={busy || !slot}>
            {busy ? 'Offering…' : 'Offer this time'}
          </button>
        </>
      }
    >
      {slots === 'loading' && <p role="status">Loading the free times…</p>}
      {slots === 'failed' && <p className="admin-error">The free times could not be loaded. Please try again.</p>}
      {slots !== 'loading' && slots !== 'failed' && !slots.bookable && <p className="admin-error">{slots.reason}</p>}
      {slots !== 'loading' && slots !== 'failed' && slots.bookable && free.length === 0 && <p className="admin-empty">No time is free on this day for this tree.</p>}
      {free.length > 0 && (
        <fieldset className="admin-payments__methods">
          <legend>A free time</legend>
          {free.map((s) => (
            <label key={s.id}>
              <input type="radio" name={`${id}-slot`} checked={slot === s.id} onChange={() => setSlot(s.id)} /> {s.label}, {s.time}
            </label>
          ))}
        </fieldset>
      )}
      <FormProblem problem={problem} />
    </Modal>
  );
}

function EntryCard({ row, online, onAction }: { row: DayWaitlistRow; online: boolean; onAction: (a: NonNullable<Action>) => void }) {
  const { entry, offers } = row;
  return (
    <li className="schedule-item schedule-item--waitlist" data-testid="waitlist-entry">
      <div className="schedule-item__open">
        <span className="schedule-item__time">{row.position !== null ? `#${row.position}` : ''}</span>
        <span className="schedule-item__name">{entry.name}</span>
        <span className="schedule-item__what">
          {entry.kind === 'install' ? 'Install' : 'Removal'} · {treeSizeLabel(entry.tree_size)}
          {entry.package_type && ` · ${packageTitle(entry.package_type)}`}
          {entry.booking ? ' · to move a booking' : ''}
        </span>
        <span className="muted">Since {formatTimestamp(new Date(entry.joined_at).toISOString())}</span>
      </div>
      <div className="schedule-item__extra">
        <Pill tone={row.live ? 'gold' : 'grey'}>{ENTRY_STATUS_TEXT[entry.status] ?? entry.status}</Pill>
        <PhoneLink phone={entry.phone} /> <EmailLink email={entry.email} />
      </div>
      {offers.length > 0 && (
        <ul className="admin-waitlist__offers">
          {offers.map((o) => {
            const ends = parseTimestamp(o.expires_at);
            return (
              <li key={o.id} data-testid="waitlist-offer">
                {formatSlotRange(o.time_slot)}: {offerStateText(o, Number.isFinite(ends) ? formatTimeOfDay(ends) : '')}
                {o.by === 'owner' ? ' (offered by you)' : ''}
              </li>
            );
          })}
        </ul>
      )}
      {row.live && (
        <div className="button-row button-row--start">
          {entry.status === EntryStatus.Waiting && (
            <button type="button" className="button" disabled={!online} onClick={() => onAction({ kind: 'offer', entry })}>
              Offer a slot
            </button>
          )}
          <button type="button" className="button" disabled={!online} onClick={() => onAction({ kind: 'skip', entry })}>
            Skip
          </button>
          <button type="button" className="button button--danger" disabled={!online} onClick={() => onAction({ kind: 'remove', entry })}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The Schedule's day: who waits for it (the waitlist contract, "UI"), in line order with since
 * when, their offers and each offer's state, read from the mirror; 'Offer a slot' (one of the
 * day's free times for their tree), 'Skip' and 'Remove', each confirmed and online (the server
 * decides, its sentence is shown). Nothing shows for a day nobody waits for.
 */
export function DayWaitlist({ date, headingLevel }: { date: string; headingLevel: 'h3' | 'h4' }) {
  const online = useOnline();
  const entries = useLiveQuery(() => adminDb().waitlistEntries.where('date').equals(date).toArray(), [date]);
  const offers = useLiveQuery(() => adminDb().waitlistOffers.where('date').equals(date).toArray(), [date]);
  const [action, setAction] = useState<Action>(null);
  const keys = useActionKeys();
  const Heading = headingLevel;
  if (!entries || entries.length === 0) return null;
  const rows = dayWaitlist(entries, offers ?? [], date);
  const waiting = rows.filter((r) => r.live).length;

  const run = async (what: string, call: (key: string) => Promise<WaitlistAnswer>, done: string) => {
    try {
      const answer = await call(keys.key(what));
      keys.done(what);
      await applyAnswer(answer);
      toast.success(done);
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'The waitlist could not be changed. Please try again.') });
      throw err;
    }
  };

  return (
    <section className="admin-waitlist" aria-label="Waitlist" data-testid="day-waitlist">
      <Heading>
        Waitlist <span className="muted">({waiting} waiting)</span>
      </Heading>
      {!online && <p className="muted">Offering, skipping and removing need a connection.</p>}
      <ol className="schedule-items">
        {rows.map((row) => (
          <EntryCard key={row.entry.id} row={row} online={online} onAction={setAction} />
        ))}
      </ol>
      {action?.kind === 'offer' && (
        <OfferTimeDialog
          entry={action.entry}
          onClose={() => setAction(null)}
          onOffered={(slot) => run(`offer:${action.entry.id}:${slot}`, (k) => offerWaitlistSlot(action.entry.id, slot, k), `The time is offered to ${action.entry.name}.`)}
        />
      )}
      <ConfirmDialog
        open={action?.kind === 'skip' || action?.kind === 'remove'}
        title={action?.kind === 'remove' ? 'Remove from the waitlist?' : 'Skip on the waitlist?'}
        message={
          action?.kind === 'remove'
            ? `${action.entry.name} is taken off this day's waitlist and not offered a time. An open offer of theirs ends and passes to the next in line.`
            : `${action?.entry.name ?? ''} is passed over for this day; an open offer of theirs ends and passes to the next in line.`
        }
        confirmLabel={action?.kind === 'remove' ? 'Remove' : 'Skip'}
        busyLabel={action?.kind === 'remove' ? 'Removing…' : 'Skipping…'}
        onConfirm={async () => {
          if (!action) return;
          const id = action.entry.id;
          if (action.kind === 'remove') await run(`remove:${id}`, (k) => removeWaitlistEntry(id, k), `${action.entry.name} is off the waitlist.`);
          else await run(`skip:${id}`, (k) => skipWaitlistEntry(id, k), `${action.entry.name} is skipped.`);
        }}
        onClose={() => setAction(null)}
      />
    </section>
  );
}
