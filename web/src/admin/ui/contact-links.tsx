import type { MouseEvent, ReactNode } from 'react';
import { mapsHref, telHref } from './format';
import { Fact } from '@/admin/ui/fact';

/** The customer's phone as a tel: link (docs/product.md / docs/decisions/015: every phone is callable). */
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

/** A customer's e-mail, phone and address as three rows of an `admin-facts` list, each a link ('—' when empty). */
export function ContactFacts({ email, phone, address }: { email: string; phone: string; address: string }) {
  return (
    <>
      <Fact className="admin-fact" label="Email">
        <EmailLink email={email} />
      </Fact>
      <Fact className="admin-fact" label="Phone">
        <PhoneLink phone={phone} />
      </Fact>
      <Fact className="admin-fact" label="Address">
        <AddressLink address={address} />
      </Fact>
    </>
  );
}

const stopRowClick = (e: MouseEvent) => e.stopPropagation();

/**
 * The Customer cell of a table row that opens a record: the name as the row's keyboard-reachable
 * button (`onOpen`), then the e-mail and phone links, which open the mail or phone app rather
 * than the row.
 */
export function CustomerCell({ name, email, phone, onOpen, badge }: { name: string; email: string; phone: string; onOpen: () => void; badge?: ReactNode }) {
  return (
    <td data-label="Customer" className="admin-row__customer">
      <div className="admin-customer">
        <button
          type="button"
          className="admin-row__open"
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
        >
          {name}
        </button>
        {badge}
        <span onClick={stopRowClick}>
          <EmailLink email={email} />
        </span>
        <span onClick={stopRowClick}>
          <PhoneLink phone={phone} />
        </span>
      </div>
    </td>
  );
}
