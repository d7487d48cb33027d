/**
 * POST /api/fn/unsubscribe (anyone; a per-IP limit for guests, pb_migrations/1732000810): the
 * customer asks for no more marketing e-mail (the renewal e-mails, domain/customers/renewals.ts;
 * transactional mail is not affected). The customer key and its token (bookings/renewal-tokens.ts
 * unsubscribeQuery) come in the query (`?e=<key>&t=<token>`: the one-click POST of RFC 8058,
 * whose body is `List-Unsubscribe=One-Click`) or in a JSON body { e, t } (the /unsubscribe page).
 * Sets `customers.unsubscribed_at` (creating the key's `customers` row, with the latest
 * booking's contact, when it has none); idempotent: a second call changes nothing.
 * → 200 { unsubscribed: true }. 404 'This link is not valid.' for a wrong or malformed token.
 *
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/unsubscribe-command.ts.
 */
import { unsubscribeCommand, type UnsubscribeInput, type UnsubscribeState } from '@domain/commands/unsubscribe-command';
import { queryParam, readJsonObject } from '../http';
import { findCustomer } from './customer-notes-route';
import { unsubscribeTokenValid } from '../bookings/renewal-tokens';
import { runCommand, type ServerCommand } from '../commands/run-command';

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

export const unsubscribe: ServerCommand<UnsubscribeInput, UnsubscribeState, never, { unsubscribed: true }> = {
  command: unsubscribeCommand,
  path: '/api/fn/unsubscribe',
  // The JSON body's `e` and `t`, else the one-click link's query.
  fields(e) {
    const body = jsonFields(e);
    return { e: typeof body.e === 'string' ? body.e : queryParam(e, 'e'), t: typeof body.t === 'string' ? body.t : queryParam(e, 't') };
  },
  load(tx, input) {
    const tokenValid = unsubscribeTokenValid(tx, input.key, input.token);
    const found = tokenValid ? findCustomer(tx, input.key) : null;
    return {
      tokenValid,
      customer: found ? { id: found.id, unsubscribed: found.getString('unsubscribed_at') !== '' } : null,
      latestContact: tokenValid && !found ? latestContact(tx, input.key) : { name: '', phone: '', address: '' },
    };
  },
  respond: (_app, a) => a,
};

export function unsubscribeRoute(e: core.RequestEvent): void {
  runCommand(e, unsubscribe);
}
