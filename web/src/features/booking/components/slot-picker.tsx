import type { TreeSize } from '@domain/catalog';
import { MESSAGES } from '@domain/messages';
import type { VisitKind } from '@domain/schedule/slots';
import type { ReactNode } from 'react';
import { WAITLIST_MESSAGES } from '@domain/waitlist/waitlist';
import { isFullDay } from '@/lib/waitlist-join';
import { useAvailability, type SlotAvailability } from '../api/get-availability';

interface SlotPickerProps {
  kind: VisitKind;
  legend: string;
  date: string | null;
  size: TreeSize | null;
  installDate?: string | null;
  /** The package chosen: its minimum notice (domain/schedule/notice.ts). */
  packageSlug?: string | null;
  /** The ZIP of the address typed, when any: the slots are then checked for the drive (travel buffer). */
  zip?: string | null;
  /** The owner's phone booking: every slot the overlap leaves, whatever the notice. */
  byOwner?: boolean;
  value: string | null;
  onChange: (slotId: string) => void;
  /** Shown instead of the slots when the picker does not apply yet (e.g. removal not ticked). */
  disabledMessage?: string;
  /** The slot a waitlist offer holds for this customer (waitlist-prefill.ts): its own hold, so it can be chosen. */
  heldSlot?: string | null;
  /** Shown under the slots when every one is taken: the waitlist's join (web/src/lib/waitlist-join.ts). */
  whenFull?: (date: string) => ReactNode;
}

/** A slot card's note: held for this customer, held by an offer to someone waiting (the owner's picker only), free or taken. */
function slotNote(slot: SlotAvailability, heldSlot: string | null | undefined): string {
  if (slot.id === heldSlot) return 'Held for you';
  if (slot.offerHeld) return WAITLIST_MESSAGES.offerHeldSlot;
  return slot.available ? MESSAGES.slotAvailable : MESSAGES.slotUnavailable;
}

/**
 * Slot cards for one date (docs/product.md §2 Slot picker): a prompt until a date is chosen, a loading
 * state, then each slot's label, time range and availability. Unavailable slots cannot be chosen;
 * slots inside the notice are not offered, and the hint says so. In the owner's phone booking a
 * time held only by a waitlist offer says 'Offered to someone waiting' and can be chosen.
 */
export function SlotPicker({ kind, legend, date, size, installDate, packageSlug, zip, byOwner, value, onChange, disabledMessage, heldSlot, whenFull }: SlotPickerProps) {
  const { loading, data } = useAvailability(disabledMessage ? null : date, size, kind, installDate, { packageSlug, zip, byOwner });
  const name = `${kind}-slot`;
  let body;
  if (disabledMessage) body = <p className="muted">{disabledMessage}</p>;
  else if (!date) body = <p className="muted">{MESSAGES.pickDateFirst}</p>;
  else if (loading)
    body = (
      <p className="muted" role="status">
        {MESSAGES.loadingSlots}
      </p>
    );
  else if (!data) body = <p className="muted">Time slots could not be loaded.</p>;
  else if (!data.bookable) body = <p className="muted">{data.reason}</p>;
  else {
    body = (
      <>
        {data.noticeHint && <p className="muted">{data.noticeHint}</p>}
        <div className="slot-grid">
          {data.slots.map((s) => {
            const slot = s.id === heldSlot ? { ...s, available: true } : s;
            const id = `${name}-${slot.id}`;
            return (
              <label key={slot.id} htmlFor={id} className={`slot-card${value === slot.id ? ' is-selected' : ''}${slot.available ? '' : ' is-unavailable'}`}>
                <input type="radio" id={id} name={name} value={slot.id} checked={value === slot.id} disabled={!slot.available} onChange={() => onChange(slot.id)} />
                <span className="slot-card__label">{slot.label}</span>
                <span className="slot-card__time">{slot.time}</span>
                <span className="slot-card__note">{slotNote(slot, heldSlot)}</span>
              </label>
            );
          })}
        </div>
        {whenFull && !heldSlot && isFullDay(data) && whenFull(data.date)}
      </>
    );
  }
  return (
    <fieldset className="slot-picker" aria-busy={loading}>
      <legend className="label">{legend}</legend>
      {body}
    </fieldset>
  );
}
