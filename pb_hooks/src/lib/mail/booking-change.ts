/**
 * The e-mails of a change to a booking's visits, made by the customer through the manage link
 * (docs/decisions/027 and 029) or by the owner in the admin (032, 036): a removal added, a moved
 * visit (to the customer, with the updated ICS under the same UIDs and a higher SEQUENCE, and a
 * new manage link; to the owner, with the old and new times and the updated ICS, unless the owner moved it), and a cancellation (to the
 * customer with METHOD:CANCEL for the same UIDs and what happens to the deposit; to the owner).
 * Keyed by booking and `ics_sequence`, so each change is mailed once.
 */
import { manageSection, visitLines, type LetterSection } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';
import { formatCents } from '@domain/money/cents';
import { refundSentences, type Movement } from '@domain/money/ledger';
import { bookingReference } from '@domain/mail/receipts';
import { buildIcs } from '@domain/mail/ics';
import { visitName } from '@domain/schedule/slots';
import { nowMs } from '../clock';
import { bookingFacts, letterBookingOf, manageButtons, visitEvents, visitInvitation } from './booking-confirmation';
import { composeMail } from './compose';
import { mailKey, type QueuedMail } from './mail-outbox';
import { PaymentStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

const closing = `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`;

function packageLine(r: core.Record): string {
  const l = letterBookingOf(r);
  return `${l.packageTitle}, ${l.treeSize}`;
}

function ownerNotice(r: core.Record, key: string, subject: string, lines: string[], how = 'changed their booking online'): QueuedMail {
  const body = composeMail(`${r.getString('customer_name')} (${r.getString('customer_email')}, ${r.getString('customer_phone')}) ${how}.`, [{ lines }], `${BUSINESS.name} bookings`, {
    title: subject,
  });
  return { key, to: BUSINESS.email, subject, ...body, kind: 'business_notice', relatedId: r.id };
}

/** What one change of a booking's visits says: the mail keys' kind, the customer's and the owner's sentences. */
interface VisitChange {
  kind: string;
  subject: string;
  /** The customer's first sentence, and what follows the calendar file's ('' for nothing). */
  headline: string;
  after: string;
  /** The owner's subject, the customer's name included, and line; none when the owner made the change. */
  ownerSubject?: string;
  ownerLine?: string;
}

/** The customer's e-mail of a change to booking `r`'s visits (the updated ICS, a new manage link) and the owner's notice. */
function visitChangeMails(r: core.Record, change: VisitChange, manageUrl: string): QueuedMail[] {
  const letter = letterBookingOf(r);
  const seq = r.getInt('ics_sequence');
  const sections: LetterSection[] = [
    { lines: [`${change.headline} Booking reference: ${letter.reference}`] },
    { heading: 'Your visits now', lines: [...visitLines(letter), `Address: ${letter.address}`] },
    { lines: [['The attached calendar file updates the visits in your calendar.', change.after].filter(Boolean).join(' ')] },
    manageSection(manageUrl),
  ];
  const customer = composeMail(`Hello ${r.getString('customer_name')},`, sections, closing, { title: change.subject, facts: bookingFacts(letter), buttons: manageButtons(manageUrl, true) });
  const ics = buildIcs(visitEvents(r, packageLine(r), manageUrl), nowMs(), BUSINESS.name, 'REQUEST', visitInvitation(r));
  const toCustomer: QueuedMail = {
    key: mailKey(change.kind, r.id, seq),
    to: r.getString('customer_email'),
    subject: `${change.subject} (${letter.reference})`,
    ...customer,
    kind: 'booking_change',
    relatedId: r.id,
    attachments: [{ name: 'visits.ics', content: ics }],
  };
  if (!change.ownerSubject) return [toCustomer];
  const ownerLines = [
    `Booking reference: ${letter.reference}`,
    change.ownerLine ?? '',
    ...visitLines(letter),
    `Address: ${letter.address}`,
    'The attached calendar file updates the visits in your calendar.',
  ];
  // The owner's copy is PUBLISH under the same UIDs and SEQUENCE, like the new booking's notice (docs/decisions/049).
  const ownerIcs = buildIcs(visitEvents(r, packageLine(r)), nowMs(), BUSINESS.name);
  return [toCustomer, { ...ownerNotice(r, mailKey(`${change.kind}_notice`, r.id, seq), change.ownerSubject, ownerLines), attachments: [{ name: 'visits.ics', content: ownerIcs }] }];
}

/**
 * After booking `r` had its `visit` moved (already saved, `ics_sequence` raised): the
 * customer's e-mail with the new times, the updated ICS and `manageUrl`; the owner's notice.
 */
export function visitMovedMails(r: core.Record, visit: 'install' | 'removal', before: string, manageUrl: string): QueuedMail[] {
  const what = visitName(visit);
  return visitChangeMails(
    r,
    {
      kind: 'visit_moved',
      subject: `Your ${what} has moved`,
      headline: `Your ${what} has moved.`,
      after: 'Your deposit carries over; nothing more is due now.',
      ownerSubject: `Moved by the customer: ${r.getString('customer_name')}, ${what}`,
      ownerLine: `The ${what} moved from ${before}.`,
    },
    manageUrl,
  );
}

/**
 * After the owner moved booking `r`'s `visit` from the admin (docs/decisions/036; already saved,
 * `ics_sequence` raised): the customer's e-mail with the new times, the updated ICS and
 * `manageUrl`. The owner made the change, so no notice to them.
 */
export function ownerMovedMail(r: core.Record, visit: 'install' | 'removal', manageUrl: string): QueuedMail[] {
  const what = visitName(visit);
  return visitChangeMails(
    r,
    { kind: 'owner_moved', subject: `Your ${what} has moved`, headline: `We have moved your ${what}.`, after: 'Your deposit carries over; nothing more is due now.' },
    manageUrl,
  );
}

/**
 * After booking `r` had the optional removal added (already saved, `ics_sequence` raised), for
 * `paidCents` (0: free with the booking's upgrades; its receipt is its own e-mail): the
 * customer's e-mail with the removal, the updated ICS and `manageUrl`; the owner's notice.
 */
export function removalAddedMails(r: core.Record, paidCents: number, manageUrl: string): QueuedMail[] {
  const price = paidCents > 0 ? `paid ${formatCents(paidCents)}` : 'included at no charge';
  return visitChangeMails(
    r,
    {
      kind: 'removal_added',
      subject: 'Your removal is booked',
      headline: `Your removal is booked (${price}).`,
      after: '',
      ownerSubject: `Removal added by the customer: ${r.getString('customer_name')}`,
      ownerLine: `The customer added the removal (${price}).`,
    },
    manageUrl,
  );
}

/**
 * After booking `r` was cancelled by its customer, or by the owner (`cancel_reason`
 * owner_cancelled): the customer's e-mail (each refund made, being made, or to be given back by
 * hand, from the ledger's `movements`; or the deposit kept when the owner chose so) with
 * METHOD:CANCEL for the same UIDs, and the owner's personal message (`cancel_message`) when she
 * wrote one; the owner's notice. Each refund's receipt is its own e-mail
 * (lib/mail/receipts.ts). Without `movements`, the deposit alone is spoken of.
 */
export function cancellationMails(r: core.Record, refunded: boolean, movements: readonly Movement[] = []): QueuedMail[] {
  const letter = letterBookingOf(r);
  const deposit = formatCents(bookingField(r, 'deposit_amount'));
  const byOwner = bookingField(r, 'cancel_reason') === 'owner_cancelled';
  const refunds = refundSentences(movements);
  const depositRefunded = movements.some((m) => m.direction === 'refund' && m.of === 'deposit');
  // Part of the deposit given back (the owner's own amount): the notice names the part and what is kept.
  const depositBack = movements.find((m) => m.direction === 'refund' && m.of === 'deposit')?.amountCents ?? 0;
  const depositPart = depositBack > 0 && depositBack < bookingField(r, 'deposit_amount') ? `${formatCents(depositBack)} ` : '';
  const depositKept = depositPart ? `, ${formatCents(bookingField(r, 'deposit_amount') - depositBack)} kept` : '';
  // The owner may keep the deposit, as the policy allows (docs/decisions/032, 045).
  const kept = byOwner && (movements.length > 0 ? !depositRefunded : bookingField(r, 'payment_status') !== PaymentStatus.RefundPending && bookingField(r, 'payment_status') !== PaymentStatus.Refunded);
  const refundLines = [
    ...(kept ? [`Your deposit of ${deposit} is kept, as our policies say. Please call us with any question.`] : []),
    ...(refunds.length > 0
      ? refunds
      : kept
        ? []
        : [
            refunded
              ? `Your deposit of ${deposit} has been refunded in full; your bank may take 5 to 10 days to show it.`
              : `We are refunding your deposit of ${deposit} in full; your bank may take 5 to 10 days to show it.`,
          ]),
  ];
  const refundLine = refundLines.join(' ');
  const message = byOwner ? bookingField(r, 'cancel_message') : '';
  const customer = composeMail(
    `Hello ${r.getString('customer_name')},`,
    [
      { lines: [byOwner ? `We have cancelled your booking ${letter.reference}.` : `Your booking ${letter.reference} is cancelled, as you asked.`, refundLine] },
      // The owner's personal message (plain text, escaped by the layout), when she wrote one.
      ...(message ? [{ heading: 'A note from us', lines: message.split('\n') }] : []),
      { heading: 'Cancelled visits', lines: visitLines(letter) },
      { lines: ['The attached calendar file removes the visits from your calendar. We would be glad to decorate for you another time.'] },
    ],
    closing,
    { title: 'Your booking is cancelled', facts: [{ label: 'Booking reference', value: letter.reference }] },
  );
  const ics = buildIcs(visitEvents(r, packageLine(r)), nowMs(), BUSINESS.name, 'CANCEL', visitInvitation(r));
  return [
    {
      key: mailKey('booking_cancelled', r.id),
      to: r.getString('customer_email'),
      subject: `Your booking is cancelled (${bookingReference(r.id)})`,
      ...customer,
      kind: 'booking_change',
      relatedId: r.id,
      attachments: [{ name: 'visits.ics', content: ics }],
    },
    ownerNotice(
      r,
      mailKey('booking_cancelled_notice', r.id),
      `Cancelled ${byOwner ? 'from the admin' : 'by the customer'}: ${r.getString('customer_name')}`,
      [
        `Booking reference: ${letter.reference}`,
        ...visitLines(letter),
        `Deposit ${deposit}: ${kept ? 'kept' : refunded ? `${depositPart}refunded${depositKept}` : `${depositPart}refund pending (retried every 5 minutes)${depositKept}`}.`,
        ...refunds
          .filter((l) => l.startsWith('We will give back'))
          .map((l) => `To give back by hand, then mark it returned in the admin: ${l.replace(/^We will give back (your )?/, '').replace(/; we will call you to arrange it\.$/, '.')}`),
      ],
      byOwner ? 'had their booking cancelled from the admin' : undefined,
    ),
  ];
}
