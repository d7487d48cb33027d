import { describe, expect, it } from 'vitest';
import { RENEWAL_LINK_MESSAGES } from '../customers/renewals';
import { unsubscribeCommand, type UnsubscribeState } from './unsubscribe-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const AT = '2026-11-20 15:00:00.000Z';
const contact = { name: 'Ann Lee', phone: '5551234567', address: '1 Elm St' };
const input = { key: 'ann@example.com', token: 't' };
const state = (tokenValid: boolean, customer: UnsubscribeState['customer']): UnsubscribeState => ({ tokenValid, customer, latestContact: contact });

describe('the unsubscribe command', () => {
  it.each([
    ['sets the time on the customer row', state(true, { id: 'c1', unsubscribed: false }), [{ op: 'update', collection: 'customers', id: 'c1', fields: { unsubscribed_at: AT } }]],
    [
      'makes the row, with the latest contact, when there is none',
      state(true, null),
      [{ op: 'create', collection: 'customers', fields: { email_key: 'ann@example.com', ...contact, unsubscribed_at: AT } }],
    ],
    ['changes nothing the second time', state(true, { id: 'c1', unsubscribed: true }), []],
  ])('%s', (_name, s, changes) => {
    expect(unsubscribeCommand.decide(s, input, NOW)).toEqual({ changes, mails: [], answer: { unsubscribed: true } });
  });

  it('refuses a wrong or malformed token with 404', () => {
    expect(unsubscribeCommand.decide(state(false, { id: 'c1', unsubscribed: false }), input, NOW)).toEqual({ status: 404, message: 'This link is not valid.' });
    expect(RENEWAL_LINK_MESSAGES.invalid).toBe('This link is not valid.');
  });

  it('parses the key as the customer key, and needs no idempotency key', () => {
    expect(unsubscribeCommand.parse({ e: '  Ann@Example.com ', t: 'abc' }, [])).toEqual({ ok: true, value: { key: 'ann@example.com', token: 'abc' } });
    expect(unsubscribeCommand.parse({}, [])).toEqual({ ok: true, value: { key: '', token: '' } });
    expect(unsubscribeCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
