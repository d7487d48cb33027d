import { useState } from 'react';
import { formatCents } from '@domain/money/cents';
import { contactSchema } from '@domain/booking/schemas';
import { FREE_RADIUS_MILES, travelFeeCents } from '@domain/place/travel';
import { MIN_ADDRESS_LENGTH } from '../api/calculate-distance';
import { useWizard } from '../store';
import type { ContactDetails } from '../wizard-state';

type FieldKey = keyof ContactDetails;

const SCHEMA_FIELD: Record<FieldKey, keyof typeof contactSchema.shape> = {
  name: 'customerName',
  email: 'customerEmail',
  phone: 'customerPhone',
  address: 'customerAddress',
  notes: 'notes',
  parkingInstructions: 'parkingInstructions',
};

/** The first docs/product.md §5 message for one contact field, or null when valid. */
export function contactFieldError(field: FieldKey, value: string): string | null {
  const r = contactSchema.shape[SCHEMA_FIELD[field]].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value');
}

interface FieldDef {
  key: FieldKey;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: number;
  required?: boolean;
  /** A line under the label saying what the field is for. */
  hint?: string;
}

const FIELDS: FieldDef[] = [
  { key: 'name', label: 'Full Name', autoComplete: 'name', required: true },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: true },
  { key: 'address', label: 'Installation Address', autoComplete: 'street-address', required: true },
  { key: 'notes', label: 'Special Requests (Optional)', multiline: 4, hint: 'For the crew on the day: a gate code, pets, anything we should know.' },
  { key: 'parkingInstructions', label: 'Parking Instructions (Optional)', multiline: 2 },
];

/**
 * The contact form (docs/product.md §2, §5): each field shows its message once it has been left (or
 * when `showAll` is set by a pay attempt).
 */
export function ContactForm({ showAll = false }: { showAll?: boolean }) {
  const { contact, apply, addressRefusal } = useWizard();
  const [touched, setTouched] = useState<Partial<Record<FieldKey, boolean>>>({});
  return (
    <fieldset className="contact-form">
      <legend>
        <h3>Your details</h3>
      </legend>
      {FIELDS.map((f) => {
        const id = `contact-${f.key}`;
        const error = touched[f.key] || showAll ? contactFieldError(f.key, contact[f.key]) : null;
        // The service-area refusal is the address's own error, shown without waiting for a blur.
        const refusal = f.key === 'address' ? addressRefusal : null;
        const describedBy = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : '', refusal ? `${id}-refusal` : ''].filter(Boolean).join(' ');
        const common = {
          id,
          name: f.key,
          value: contact[f.key],
          'aria-invalid': error || refusal ? true : undefined,
          'aria-describedby': describedBy || undefined,
          onChange: (e: { target: { value: string } }) => apply((s) => ({ ...s, contact: { ...s.contact, [f.key]: e.target.value } })),
          onBlur: () => setTouched((t) => ({ ...t, [f.key]: true })),
        };
        return (
          <div key={f.key} className="field">
            <label htmlFor={id}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            {f.hint && (
              <p id={`${id}-hint`} className="hint">
                {f.hint}
              </p>
            )}
            {f.multiline ? <textarea rows={f.multiline} {...common} /> : <input type={f.type ?? 'text'} autoComplete={f.autoComplete} required={f.required} {...common} />}
            {error && (
              <p id={`${id}-error`} className="error">
                {error}
              </p>
            )}
            {refusal && (
              <p id={`${id}-refusal`} className="error" role="alert">
                {refusal}
              </p>
            )}
            {f.key === 'address' && !refusal && <DistanceNote address={contact.address} />}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The looked-up distance (1 decimal) and travel fee under the address (docs/product.md §2, §9). The
 * lookup itself runs in the wizard (api/calculate-distance.ts); nothing shows without a result.
 */
function DistanceNote({ address }: { address: string }) {
  const miles = useWizard((s) => s.distanceMiles);
  if (miles === null || address.trim().length < MIN_ADDRESS_LENGTH) return null;
  const fee = travelFeeCents(miles);
  return (
    <p className="distance-note" role="status" data-testid="distance-note">
      Distance: {miles.toFixed(1)} miles · {fee > 0 ? <>Travel fee: {formatCents(fee)}</> : <>within our free {FREE_RADIUS_MILES}-mile service area</>}
    </p>
  );
}
