/**
 * The customer asks for no more marketing e-mail (the renewal e-mails, domain/customers/renewals.ts;
 * transactional mail is not affected) as a command: the customer key and its unsubscribe token
 * (the link's `e` and `t`), checked by the server as it loads the state (the token is an HMAC
 * under the server's secret). `customers.unsubscribed_at` is set, the key's `customers` row made
 * (with the latest booking's contact) when it has none. A second call changes nothing, so it
 * needs no key. Pure.
 */
import { customerKey } from '../customers/customer-key';
import { RENEWAL_LINK_MESSAGES } from '../customers/renewals';
import { decided, pbDate, refuse, type Command } from './command';

/** The customer key (trimmed, lower-cased; '' when missing) and the token as sent ('' when missing). */
export interface UnsubscribeInput {
  key: string;
  token: string;
}

/** What the server read: whether the token is the key's, the key's row, and the latest booking's contact. */
export interface UnsubscribeState {
  tokenValid: boolean;
  customer: { id: string; unsubscribed: boolean } | null;
  latestContact: { name: string; phone: string; address: string };
}

export const unsubscribeCommand: Command<UnsubscribeInput, UnsubscribeState, never, { unsubscribed: true }> = {
  name: 'unsubscribe',
  parse: (body) => ({ ok: true, value: { key: customerKey(typeof body.e === 'string' ? body.e : ''), token: typeof body.t === 'string' ? body.t : '' } }),
  idempotency: { by: 'natural', header: 'none', why: 'a customer already unsubscribed stays as they are' },
  decide(state, input, nowMs) {
    if (!state.tokenValid) return refuse(404, RENEWAL_LINK_MESSAGES.invalid);
    const answer = { unsubscribed: true as const };
    if (state.customer?.unsubscribed) return decided([], answer);
    const at = pbDate(nowMs);
    if (state.customer) return decided([{ op: 'update', collection: 'customers', id: state.customer.id, fields: { unsubscribed_at: at } }], answer);
    return decided([{ op: 'create', collection: 'customers', fields: { email_key: input.key, ...state.latestContact, unsubscribed_at: at } }], answer);
  },
};
