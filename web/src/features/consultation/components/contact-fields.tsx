import { useEffect } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';

/** The form's rules and request (zod), loaded when a field is first focused or a submit needs them. */
export const consultationRules = onDemand(() => import('../api/submit-consultation'));

/** The contact fields of the consultation form and their values. */
export interface ConsultationContact {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  notes: string;
}

export const EMPTY_CONTACT: ConsultationContact = { customerName: '', customerEmail: '', customerPhone: '', customerAddress: '', notes: '' };

type Key = keyof ConsultationContact;

interface FieldDef {
  key: Key;
  label: string;
  type?: string;
  autoComplete?: string;
  rows?: number;
  required?: boolean;
}

const FIELDS: FieldDef[] = [
  { key: 'customerName', label: 'Full Name', autoComplete: 'name', required: true },
  { key: 'customerEmail', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { key: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: true },
  { key: 'customerAddress', label: 'Address', autoComplete: 'street-address', required: true },
  { key: 'notes', label: 'Notes (Optional)', rows: 4 },
];

interface ContactFieldsProps {
  value: ConsultationContact;
  onChange: (next: ConsultationContact) => void;
  /** Fields whose message shows: left once, or all after a submit attempt. */
  touched: Partial<Record<Key, boolean>>;
  onTouch: (key: Key) => void;
}

/** The contact form of docs/product.md §2 and §5 for consultations: name, e-mail, phone, address, notes. */
export function ContactFields({ value, onChange, touched, onTouch }: ContactFieldsProps) {
  // A field's message needs the rules: they load as the customer starts typing, or when a
  // submit attempt marks every field (the messages show once they are here).
  const rules = useOnDemand(consultationRules);
  const anyTouched = Object.values(touched).some(Boolean);
  const { want } = rules;
  useEffect(() => {
    if (anyTouched) want();
  }, [anyTouched, want]);
  return (
    <div className="contact-fields">
      {FIELDS.map((f) => {
        const id = `consultation-${f.key}`;
        const error = touched[f.key] && rules.value ? rules.value.contactFieldError(f.key, value[f.key]) : null;
        const common = {
          id,
          name: f.key,
          value: value[f.key],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (e: { target: { value: string } }) => onChange({ ...value, [f.key]: e.target.value }),
          onFocus: want,
          // Leaving an empty field says nothing yet (submit shows every message): a message
          // appearing on blur moves the button under a pointer already pressing it.
          onBlur: () => {
            if (value[f.key].trim()) onTouch(f.key);
          },
        };
        return (
          <div key={f.key} className={`field${f.rows ? ' field--wide' : ''}`}>
            <label htmlFor={id}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            {f.rows ? <textarea rows={f.rows} {...common} /> : <input type={f.type ?? 'text'} autoComplete={f.autoComplete} required={f.required} {...common} />}
            {error && (
              <p id={`${id}-error`} className="error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
