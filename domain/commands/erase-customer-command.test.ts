import { describe, expect, it } from 'vitest';
import { isRefusal, type Change } from './command';
import { EntryStatus } from '../waitlist/waitlist-status';
import {
  ERASE_CUSTOMER_MESSAGES as M,
  ERASED_MAIL_ERROR,
  ERASED_NAME,
  ERASED_TEXT,
  eraseCustomerCommand,
  erasedEmail,
  mentionsAny,
  parseEraseCustomer,
  type EraseCustomerState,
} from './erase-customer-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const AT = '2026-11-20 15:00:00.000Z';
const EMAIL = 'ann@example.com';

const empty: EraseCustomerState = {
  erasedBy: 'su1',
  personal: [EMAIL, 'Ann Lee', '(410) 555-0100', '1 Elm St'],
  bookings: [],
  consultations: [],
  customers: [],
  testimonials: [],
  charges: [],
  jobEvents: [],
  mails: [],
  requestKeys: [],
  bookingLinks: [],
  consultationLinks: [],
  uploads: [],
};

function changesOf(state: Partial<EraseCustomerState>): Change[] {
  const out = eraseCustomerCommand.decide({ ...empty, ...state }, { email: EMAIL }, NOW);
  if (isRefusal(out)) throw new Error(out.message);
  return out.changes;
}

describe('the erase-customer command', () => {
  it.each<[string, Partial<EraseCustomerState>, Change[]]>([
    [
      "the customer's own record: key, name, contact and the home's notes go",
      { customers: ['cu1'] },
      [
        {
          op: 'update',
          collection: 'customers',
          id: 'cu1',
          fields: { email_key: 'erased-cu1@erased.invalid', name: ERASED_NAME, phone: '', address: '', notes_parking: '', notes_gate: '', notes_ornaments: '', notes_other: '' },
        },
      ],
    ],
    [
      'a renewal row: its key goes and its link stops opening',
      { renewals: ['rn1'] },
      [{ op: 'update', collection: 'renewals', id: 'rn1', fields: { email_key: 'erased-rn1@erased.invalid', token_hash: '' } }],
    ],
    [
      'a booking: contact replaced, free text blanked, uploads unlinked, its link version raised',
      { bookings: [{ id: 'b1', linkVersion: 2 }] },
      [
        {
          op: 'update',
          collection: 'bookings',
          id: 'b1',
          fields: {
            customer_name: ERASED_NAME,
            customer_email: 'erased-b1@erased.invalid',
            customer_phone: ERASED_TEXT,
            customer_address: ERASED_TEXT,
            notes: '',
            parking_instructions: '',
            style_special_requests: '',
            style_inspiration_images: [],
            admin_notes: '',
            cancel_message: '',
            deposit_note: '',
            mail_problem: '',
            client_ip: '',
            link_version: 3,
          },
        },
      ],
    ],
    [
      'a consultation',
      { consultations: [{ id: 'c1', linkVersion: 0 }] },
      [
        {
          op: 'update',
          collection: 'consultation_requests',
          id: 'c1',
          fields: { customer_name: ERASED_NAME, customer_email: 'erased-c1@erased.invalid', customer_phone: ERASED_TEXT, customer_address: ERASED_TEXT, notes: '', client_ip: '', link_version: 1 },
        },
      ],
    ],
    [
      'a review: text and name go, unpublished; the rating stays (not written)',
      { testimonials: ['t1'] },
      [
        {
          op: 'update',
          collection: 'testimonials',
          id: 't1',
          fields: { customer_name: ERASED_NAME, customer_email: 'erased-t1@erased.invalid', review_text: '', admin_response: '', is_approved: false, is_featured: false, review_token: '' },
        },
      ],
    ],
    ['a charge: only the door note goes (amount, method, receipt kept)', { charges: ['ch1'] }, [{ op: 'update', collection: 'charges', id: 'ch1', fields: { note: '' } }]],
    [
      'job events: a note and a photo blanked, a history line naming nobody kept',
      {
        jobEvents: [
          { id: 'j1', kind: 'note', text: 'Dog in the yard', hasPhoto: false },
          { id: 'j2', kind: 'photo', text: '', hasPhoto: true },
          { id: 'j3', kind: 'install_done', text: '', hasPhoto: false },
          { id: 'j4', kind: 'customer_change', text: 'Moved the installation to Dec 5', hasPhoto: false },
          { id: 'j5', kind: 'owner_change', text: 'Cancelled for ann lee', hasPhoto: false },
        ],
      },
      [
        { op: 'update', collection: 'job_events', id: 'j1', fields: { text: '' } },
        { op: 'update', collection: 'job_events', id: 'j2', fields: { photo: '' } },
        { op: 'update', collection: 'job_events', id: 'j5', fields: { text: '' } },
      ],
    ],
    [
      'mail: to the customer, queued (cancelled) and a receipt sent (its subject kept); the owner notice keeps its address',
      {
        mails: [
          { id: 'm1', to: 'Ann@Example.com', subject: 'Your visit tomorrow, Ann Lee', status: 'queued' },
          { id: 'm2', to: EMAIL, subject: 'Receipt: Deposit of $100 (TA-ABC123)', status: 'sent' },
          { id: 'm3', to: 'owner@business.test', subject: 'New booking: Ann Lee', status: 'logged' },
        ],
      },
      [
        {
          op: 'update',
          collection: 'mail_log',
          id: 'm1',
          fields: { to: 'erased-m1@erased.invalid', subject: ERASED_TEXT, body: '', html: '', attachments: [], attachment_data: [], status: 'failed', error: ERASED_MAIL_ERROR },
        },
        {
          op: 'update',
          collection: 'mail_log',
          id: 'm2',
          fields: { to: 'erased-m2@erased.invalid', subject: 'Receipt: Deposit of $100 (TA-ABC123)', body: '', html: '', attachments: [], attachment_data: [], error: '' },
        },
        { op: 'update', collection: 'mail_log', id: 'm3', fields: { to: 'owner@business.test', subject: ERASED_TEXT, body: '', html: '', attachments: [], attachment_data: [], error: '' } },
      ],
    ],
    ['a stored answer', { requestKeys: ['k1'] }, [{ op: 'update', collection: 'request_keys', id: 'k1', fields: { answer: { erased: true }, request_fingerprint: '' } }]],
    [
      'live links revoked now',
      { bookingLinks: ['l1'], consultationLinks: ['l2'] },
      [
        { op: 'update', collection: 'booking_links', id: 'l1', fields: { revoked_at: AT } },
        { op: 'update', collection: 'consultation_links', id: 'l2', fields: { revoked_at: AT } },
      ],
    ],
  ])('%s, then one erasures row', (_name, state, expected) => {
    const changes = changesOf(state);
    expect(changes.slice(0, -1)).toEqual(expected);
    const counts: Record<string, number> = {};
    for (const c of expected) counts[c.collection] = (counts[c.collection] ?? 0) + 1;
    expect(changes.at(-1)).toEqual({ op: 'create', collection: 'erasures', fields: { erased_by: 'su1', erased_at: AT, counts } });
  });

  it('the erasures row names no e-mail, name, phone or address, nor their hash', () => {
    const out = eraseCustomerCommand.decide({ ...empty, bookings: [{ id: 'b1', linkVersion: 0 }], uploads: ['i1'] }, { email: EMAIL }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    const row = JSON.stringify(out.changes.at(-1)).toLowerCase();
    for (const v of empty.personal) expect(row).not.toContain(v.toLowerCase());
    expect(out.answer).toEqual({ found: true, counts: { bookings: 1, inspiration_images: 1 }, uploads: ['i1'] });
  });

  it('the waitlist: every entry of the key blanked, one still in line removed, its open offer ended', () => {
    const out = eraseCustomerCommand.decide(
      {
        ...empty,
        waitlist: [
          { id: 'w1', status: EntryStatus.Offered, openOffers: ['o1'] },
          { id: 'w2', status: EntryStatus.Booked, openOffers: [] },
        ],
      },
      { email: EMAIL },
      NOW,
    );
    if (isRefusal(out)) throw new Error(out.message);
    const blank = { name: 'Erased customer', phone: '', choices: {}, client_ip: '', leave_token_hash: '' };
    expect(out.changes.slice(0, -1)).toEqual([
      { op: 'update', collection: 'waitlist_entries', id: 'w1', fields: { ...blank, email_key: 'erased-w1@erased.invalid', email: 'erased-w1@erased.invalid', status: 'removed' } },
      { op: 'update', collection: 'waitlist_entries', id: 'w2', fields: { ...blank, email_key: 'erased-w2@erased.invalid', email: 'erased-w2@erased.invalid' } },
      { op: 'update', collection: 'waitlist_offers', id: 'o1', fields: { status: 'ended', token_hash: '' } },
    ]);
    expect(out.answer.counts).toEqual({ waitlist_entries: 2, waitlist_offers: 1 });
  });

  it('nothing held for the e-mail: found false, nothing written', () => {
    expect(eraseCustomerCommand.decide(empty, { email: EMAIL }, NOW)).toEqual({ changes: [], mails: [], answer: { found: false, counts: {}, uploads: [] } });
  });

  it('refuses without the owner', () => {
    expect(eraseCustomerCommand.decide({ ...empty, erasedBy: '' }, { email: EMAIL }, NOW)).toEqual({ status: 403, message: 'Only the owner may erase a customer.' });
  });

  it.each([
    [
      { email: ' Ann@Example.com ', confirm: 'ann@example.COM' },
      { ok: true, value: { email: EMAIL } },
    ],
    [
      { email: EMAIL, confirm: 'ann@example.org' },
      { ok: false, message: M.confirm },
    ],
    [{ email: EMAIL }, { ok: false, message: M.confirm }],
    [
      { email: '', confirm: '' },
      { ok: false, message: M.email },
    ],
    [
      { email: 'not an e-mail', confirm: 'not an e-mail' },
      { ok: false, message: M.email },
    ],
    [
      { email: 42, confirm: 42 },
      { ok: false, message: M.email },
    ],
  ])('parses %j', (body, result) => {
    expect(parseEraseCustomer(body)).toEqual(result);
  });

  it.each([
    ['Hello ANN LEE', true],
    ['Receipt: Deposit of $100 (TA-1)', false],
    ['call (410) 555-0100', true],
    ['an', false],
  ])('mentionsAny(%j) is %s', (text, yes) => {
    expect(mentionsAny(text, [...empty.personal, 'an'])).toBe(yes);
  });

  it('the placeholder e-mail is unique per record and never delivered', () => {
    expect(erasedEmail('abc')).toBe('erased-abc@erased.invalid');
  });
});
