import { mapsHref, telHref } from './format';

/** The customer's phone as a tel: link (SPEC.md / issue 9: every phone is callable). */
export function PhoneLink({ phone }: { phone: string }) {
  if (!phone) return <span>—</span>;
  return (
    <a className="admin-link" href={telHref(phone)}>
      {phone}
    </a>
  );
}

export function EmailLink({ email }: { email: string }) {
  if (!email) return <span>—</span>;
  return (
    <a className="admin-link admin-link--wrap" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/** The address, opening the phone's maps app in a new tab. */
export function AddressLink({ address }: { address: string }) {
  if (!address) return <span>—</span>;
  return (
    <a className="admin-link admin-link--wrap" href={mapsHref(address)} target="_blank" rel="noreferrer">
      {address}
      <span className="visually-hidden"> (opens a map)</span>
    </a>
  );
}
