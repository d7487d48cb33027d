/**
 * POST /api/fn/unsubscribe (anyone; a per-IP limit for guests, pb_migrations/1732000810): the
 * customer asks for no more marketing e-mail (the renewal e-mails, domain/customers/renewals.ts;
 * transactional mail is not affected). The customer key and its token (bookings/renewal-tokens.ts
 * unsubscribeQuery) come in the query (`?e=<key>&t=<token>`: the one-click POST of RFC 8058,
 * whose body is `List-Unsubscribe=One-Click`) or in a JSON body { e, t } (the /unsubscribe page).
 * Sets `customers.unsubscribed_at` (creating the key's `customers` row, with the latest
 * booking's contact, when it has none); idempotent: a second call changes nothing.
 * → 200 { unsubscribed: true }. 404 'This link is not valid.' for a wrong or malformed token.
 */
import { customerKey } from '@domain/customers/customer-key';
import { nowMs, toPbDate } from '../clock';
import { apiError, queryParam, readJsonObject } from '../http';
import { findCustomer } from './customer-notes-route';
import { RENEWAL_LINK_INVALID } from './renewal-link-route';
import { unsubscribeTokenValid } from '../bookings/renewal-tokens';

/** The JSON body's fields, or none (the one-click form body, or no body). */
function jsonFields(e: core.RequestEvent): Record<string, unknown> {
  try {
    return readJsonObject(e);
  } catch {
    return {};
  }
}

/** The latest booking's contact of customer `key`, for a `customers` row made here. */
function latestContact(tx: CoreApp, key: string): { name: string; phone: string; address: string } {
  const b = tx.findRecordsByFilter('bookings', 'customer_email:lower = {:k}', '-created_at', 1, 0, { k: key } as unknown as dbx.Params)[0];
  return b
    ? { name: b.getString('customer_name').slice(0, 100), phone: b.getString('customer_phone').slice(0, 20), address: b.getString('customer_address').slice(0, 500) }
    : { name: '', phone: '', address: '' };
}

export function unsubscribeRoute(e: core.RequestEvent): void {
  const body = jsonFields(e);
  const key = customerKey(typeof body.e === 'string' ? body.e : queryParam(e, 'e'));
  const token = typeof body.t === 'string' ? body.t : queryParam(e, 't');
  if (!unsubscribeTokenValid($app, key, token)) throw apiError(404, RENEWAL_LINK_INVALID);
  const at = toPbDate(nowMs());
  $app.runInTransaction((tx) => {
    const found = findCustomer(tx, key);
    if (found?.getString('unsubscribed_at')) return;
    const rec = found ?? new Record(tx.findCollectionByNameOrId('customers'));
    if (!found) rec.load({ email_key: key, ...latestContact(tx, key) });
    rec.set('unsubscribed_at', at);
    tx.save(rec);
  });
  return e.json(200, { unsubscribed: true });
}
