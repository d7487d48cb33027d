import { MESSAGES } from '@domain/messages';
import type { ConsultationSlots } from '../api/get-consultation-slots';

interface ConsultationSlotGridProps {
  date: string | null;
  loading: boolean;
  data: ConsultationSlots | null;
  value: string | null;
  onChange: (slotId: string) => void;
}

/**
 * The grid of the 24 half-hour consultation times (docs/product.md §2, §9): a prompt until a date is
 * chosen, a loading state, then one choice per time; taken times are disabled.
 */
export function ConsultationSlotGrid({ date, loading, data, value, onChange }: ConsultationSlotGridProps) {
  let body;
  if (!date) body = <p className="muted">{MESSAGES.pickDateFirst}</p>;
  else if (loading)
    body = (
      <p className="muted" role="status">
        {MESSAGES.loadingSlots}
      </p>
    );
  else if (!data) body = <p className="muted">Times could not be loaded. Please choose the date again.</p>;
  else if (!data.bookable) body = <p className="muted">{data.reason}</p>;
  else {
    body = (
      <>
        {data.noticeHint && <p className="muted">{data.noticeHint}</p>}
        <div className="time-grid">
          {data.slots.map((slot) => {
            const id = `consultation-slot-${slot.id.replace(':', '')}`;
            const selected = value === slot.id;
            return (
              <label key={slot.id} htmlFor={id} className={`time-chip${selected ? ' is-selected' : ''}${slot.available ? '' : ' is-taken'}`}>
                <input type="radio" id={id} name="consultation-slot" value={slot.id} checked={selected} disabled={!slot.available} onChange={() => onChange(slot.id)} />
                <span>{slot.label}</span>
                {!slot.available && <span className="visually-hidden"> (not available)</span>}
              </label>
            );
          })}
        </div>
      </>
    );
  }
  return (
    <fieldset className="time-picker" aria-busy={loading}>
      <legend className="label">Consultation time</legend>
      {body}
    </fieldset>
  );
}
